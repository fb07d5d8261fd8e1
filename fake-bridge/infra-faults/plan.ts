/**
 * Reading an infrastructure-fault plan (its schema is contract data: src/contract/infra-fault-plan.ts):
 * from a JSON text, or from the file a run or `fake start --infra-faults FILE` is given.
 */
import { parseJson, readInputFile } from "../../src/files/input-file.js";
import { InfraFaultPlanError, parseInfraFaultPlan, type InfraFaultPlan } from "../../src/contract/infra-fault-plan.js";

export { InfraFaultPlan, InfraFaultPlanError, parseInfraFaultPlan, type InfraFaultKind } from "../../src/contract/infra-fault-plan.js";

export function parseInfraFaultPlanText(text: string, where: string): InfraFaultPlan {
  return parseInfraFaultPlan(parseJson(text, where, (message) => new InfraFaultPlanError(message)), where);
}

export async function readInfraFaultPlan(file: string): Promise<InfraFaultPlan> {
  let text: string;
  try {
    text = await readInputFile(file, { kind: "fault plan" });
  } catch (error) {
    throw new InfraFaultPlanError((error as Error).message);
  }
  return parseInfraFaultPlanText(text, file);
}
