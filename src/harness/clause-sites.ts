/**
 * Where each catalogue clause is implemented, found by plain text (`clause("<id>", ...)` in the
 * suites, a `*_CLAUSE_ID` constant in src/safety), for `clauses --where` and the one-site self-test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export interface ClauseSite {
  id: string;
  /** relative to the project root, with forward slashes */
  file: string;
  /** 1-based */
  line: number;
}

const ROOT = resolve(import.meta.dirname, "../..");

/** A clause declaration in a suite: `clause(` then the literal id (on the same or the next line). */
const DECLARATION = /\bclause\(\s*"([^"]+)"/g;
/** A clause the harness implements outside the suites (src/safety/invariance.ts). */
const RUN_LEVEL = /\b[A-Z_]*CLAUSE_ID\s*=\s*"([^"]+)"/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() && e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function sitesIn(file: string, pattern: RegExp, root: string): ClauseSite[] {
  const text = readFileSync(file, "utf8");
  const sites: ClauseSite[] = [];
  for (const m of text.matchAll(pattern)) {
    const at = m.index + m[0].length - m[1]!.length - 1;
    sites.push({ id: m[1]!, file: relative(root, file).split("\\").join("/"), line: text.slice(0, at).split("\n").length });
  }
  return sites;
}

/** Every clause declaration in suites/ and every run-level clause in src/safety, in file order. */
export function clauseSites(root: string = ROOT): ClauseSite[] {
  return [
    ...filesUnder(join(root, "suites")).flatMap((f) => sitesIn(f, DECLARATION, root)),
    ...filesUnder(join(root, "src", "safety")).flatMap((f) => sitesIn(f, RUN_LEVEL, root)),
  ];
}
