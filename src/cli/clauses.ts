/** `ego-conformance clauses`: the catalogue, for people and for scripts. */
import { parseArgs } from "node:util";
import { CATALOGUE } from "../contract/index.js";
import { UsageError } from "./usage-error.js";

export function clausesCommand(argv: string[]): number {
  let json = false;
  try {
    json = parseArgs({ args: argv, strict: true, options: { json: { type: "boolean", default: false } } }).values.json;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(CATALOGUE, null, 2)}\n`);
    return 0;
  }
  for (const c of CATALOGUE) {
    const flags = [c.severity, ...(c.unspecified ? ["unspecified"] : []), ...c.features.map((f) => `feature:${f}`), ...c.needs.map((n) => `needs:${n}`)];
    process.stdout.write(`${c.id}\t${c.methods.join(",") || "-"}\t${flags.join(" ")}\n`);
  }
  process.stdout.write(`${CATALOGUE.length} clauses\n`);
  return 0;
}
