/**
 * A clause result the CLI writes itself, for checks made around the whole run rather than in a
 * vitest test, in allure-vitest's file shape and labels so the report treats it like any other.
 */
import { createHash, randomUUID } from "node:crypto";
import { createNewFile, makeDirectory } from "../files/owned-files.js";
import { join } from "node:path";
import { conformanceOf, type Clause } from "../contract/clause.js";
import { docLink } from "../contract/methods.js";
import { LABEL, PARAMETER, UNKNOWN_VERSION } from "../labels/labels.js";
import type { TargetInfo } from "../targets/target.js";

export interface ResultAttachment {
  name: string;
  /** a MIME type; the file extension follows from it */
  type: "application/json" | "text/plain";
  content: string;
}

export interface ClauseResultInput {
  clause: Clause;
  target: TargetInfo;
  status: "passed" | "failed" | "broken" | "skipped";
  /** the failure, harness error, or skip reason */
  message?: string;
  /** for skipped: the not_applicable key (`target:in-process`, ...) */
  notApplicable?: string;
  attachments?: ResultAttachment[];
  start: number;
  stop: number;
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

/** The labels allure-labels.ts writes for `clause` on `target` (plus not_applicable for a skip). */
export function clauseLabels(clause: Clause, target: TargetInfo, notApplicable?: string): { name: string; value: string }[] {
  const method = clause.methods[0] ?? clause.area;
  const labels = [
    { name: "epic", value: clause.area },
    { name: "feature", value: method },
    { name: "story", value: clause.id },
    { name: "severity", value: clause.severity },
    { name: LABEL.clause, value: clause.id },
    { name: LABEL.area, value: clause.area },
    { name: LABEL.method, value: method },
    { name: LABEL.conformance, value: conformanceOf(clause) },
    { name: LABEL.targetKind, value: target.kind },
    { name: LABEL.targetName, value: target.name },
    { name: LABEL.egoVersion, value: target.egoVersionText ?? UNKNOWN_VERSION },
    { name: LABEL.versionSource, value: target.versionSource },
  ];
  if (target.persona) labels.push({ name: LABEL.persona, value: target.persona });
  if (notApplicable) labels.push({ name: LABEL.notApplicable, value: notApplicable });
  return labels;
}

export function clauseParameters(target: TargetInfo): { name: string; value: string }[] {
  return [
    { name: PARAMETER.egoVersion, value: target.egoVersionText ?? UNKNOWN_VERSION },
    { name: PARAMETER.target, value: target.kind === "fake" ? `${target.kind}${target.persona ? `:${target.persona}` : ""}` : target.name },
  ];
}

/** Writes the result (and its attachments) into `resultsDir`; returns the result file's path. */
export async function writeClauseResult(resultsDir: string, input: ClauseResultInput): Promise<string> {
  await makeDirectory(resultsDir);
  const uuid = randomUUID();
  const attachments = [];
  for (const a of input.attachments ?? []) {
    const source = `${randomUUID()}-attachment.${a.type === "application/json" ? "json" : "txt"}`;
    await createNewFile(join(resultsDir, source), a.content);
    attachments.push({ name: a.name, source, type: a.type });
  }
  const { clause, target } = input;
  const fullName = `ego-conformance:run#${clause.id}: ${clause.title}`;
  const parameters = clauseParameters(target);
  const result = {
    uuid,
    name: `${clause.id}: ${clause.title}`,
    fullName,
    historyId: `${md5(fullName)}:${md5(parameters.map((p) => `${p.name}=${p.value}`).join(","))}`,
    testCaseId: md5(fullName),
    status: input.status,
    statusDetails: input.message === undefined ? {} : { message: input.message },
    stage: "finished",
    steps: [],
    attachments,
    parameters,
    labels: clauseLabels(clause, target, input.notApplicable),
    links: [{ url: docLink(clause.doc.anchor), name: `native-bindings-api.md: ${clause.doc.section}` }],
    description: `**${clause.title}**\n\nA run-level check made by the ego-conformance CLI around the whole run (not a vitest test).`,
    titlePath: ["ego-conformance", "run"],
    start: input.start,
    stop: input.stop,
  };
  const file = join(resultsDir, `${uuid}-result.json`);
  await createNewFile(file, JSON.stringify(result, null, 2));
  return file;
}
