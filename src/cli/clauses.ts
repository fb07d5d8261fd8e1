/** `ego-conformance clauses`: the catalogue, for people and for scripts. */
import { CATALOGUE, conformanceOf } from "../contract/index.js";
import { clauseSites } from "../harness/clause-sites.js";
import { parseFlags } from "./parse-flags.js";
import { CLAUSES_FLAGS } from "./options.js";

export function clausesCommand(argv: string[]): number {
  const { json, where } = parseFlags(argv, CLAUSES_FLAGS).values;
  if (where) return printWhere(json);
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

/** `clauses --where`: each clause's implementation, `file:line` from the project root (src/harness/clause-sites.ts). */
function printWhere(json: boolean): number {
  const sites = clauseSites();
  const rows = CATALOGUE.map((c) => ({ id: c.id, sites: sites.filter((s) => s.id === c.id).map((s) => `${s.file}:${s.line}`) }));
  if (json) process.stdout.write(`${JSON.stringify(rows.map((r) => ({ id: r.id, where: r.sites })), null, 2)}\n`);
  else for (const r of rows) process.stdout.write(`${r.id}\t${r.sites.length ? r.sites.join(" ") : "(no implementation)"}\n`);
  return 0;
}
