/** `ego-conformance clauses`: the catalogue, for people and for scripts. */
import { CATALOGUE, conformanceOf } from "../contract/index.js";
import { parseFlags } from "./parse-flags.js";

export function clausesCommand(argv: string[]): number {
  const { json } = parseFlags(argv, { json: { type: "boolean", default: false } }).values;
  if (json) {
    process.stdout.write(`${JSON.stringify(CATALOGUE, null, 2)}\n`);
    return 0;
  }
  for (const c of CATALOGUE) {
    const flags = [c.severity, ...(c.unspecified ? [conformanceOf(c) === "core" ? "unspecified:core-judged" : "unspecified:no-core"] : []), ...c.features.map((f) => `feature:${f}`), ...c.needs.map((n) => `needs:${n}`)];
    process.stdout.write(`${c.id}\t${c.methods.join(",") || "-"}\t${flags.join(" ")}\n`);
  }
  process.stdout.write(`${CATALOGUE.length} clauses\n`);
  return 0;
}
