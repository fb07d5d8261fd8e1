/**
 * `ego-conformance expectations lint [FILE] [--today YYYY-MM-DD] [--json]`: every lint check over
 * an expectations file (default fixtures/expectations/expectations.json). One line per problem,
 * naming the entry and the check. Exit 0 clean, 1 problems found, 2 the file cannot be read.
 */
import { parseJsonText, readInputFile } from "../files/input-file.js";
import { resolve } from "node:path";
import {
  DEFAULT_EXPECTATIONS_FILE,
  indexEntries,
  isCalendarDate,
  lintContext,
  lintEntries,
  renderProblem,
  structureProblems,
  todayUtc,
  EntrySchema,
  type IndexedEntry,
  type LintProblem,
} from "../expectations/index.js";
import { ExpectationsError } from "../expectations/load.js";
import { parseFlags } from "./parse-flags.js";
import { EXPECTATIONS_LINT_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";

export interface LintReport {
  file: string;
  today: string;
  entries: number;
  problems: LintProblem[];
}

export async function lintFile(file: string, today: string): Promise<LintReport | { file: string; unreadable: string }> {
  let text: string;
  try {
    text = await readInputFile(file, { kind: "expectations" });
  } catch (error) {
    return { file, unreadable: (error as Error).message };
  }
  let raw: unknown;
  try {
    raw = parseJsonText(text, file, "expectations");
  } catch (error) {
    return { file, unreadable: (error as Error).message };
  }
  // not an object at all (null, a list, a number): not an expectations file, as `run --expectations` says (exit 2)
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { file, unreadable: `expectations file ${file} is not an expectations file: its top level is ${raw === null ? "null" : Array.isArray(raw) ? "a list" : `a ${typeof raw}`}, not an object` };
  const structure = structureProblems(raw);
  if (structure.data) {
    const entries = indexEntries(structure.data);
    return { file, today, entries: entries.length, problems: lintEntries(entries, lintContext(today)) };
  }
  // Schema errors do not hide the rest: every schema error, and every check over the entries that are well formed.
  const given = Array.isArray((raw as { entries?: unknown } | null)?.entries) ? ((raw as { entries: unknown[] }).entries) : [];
  const wellFormed: IndexedEntry[] = [];
  given.forEach((value, index) => {
    const parsed = EntrySchema.safeParse(value);
    if (parsed.success) wellFormed.push({ index, entry: parsed.data });
  });
  const problems = [...structure.problems, ...lintEntries(wellFormed, lintContext(today))].sort((a, b) => (a.entry ?? -1) - (b.entry ?? -1));
  return { file, today, entries: given.length, problems };
}

async function lintCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, EXPECTATIONS_LINT_FLAGS, true);
  if (positionals.length > 1) throw new UsageError("expectations lint takes at most one FILE");
  if (values.today !== undefined && !isCalendarDate(values.today)) throw new UsageError(`--today must be a date (YYYY-MM-DD), not '${values.today}'`);
  const file = positionals[0] !== undefined ? resolve(positionals[0]) : DEFAULT_EXPECTATIONS_FILE;
  const report = await lintFile(file, values.today ?? todayUtc());
  if ("unreadable" in report) throw new ExpectationsError(report.unreadable); // exit 2, naming the file
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const p of report.problems) process.stdout.write(`${file}: ${renderProblem(p)}\n`);
    process.stdout.write(`${report.entries} entries, ${report.problems.length} problem(s) (checked against ${report.today})\n`);
  }
  return report.problems.length === 0 ? 0 : 1;
}

export async function expectationsCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "lint") return lintCommand(rest);
  throw new UsageError(sub === undefined ? "expectations needs a subcommand: lint" : `unknown expectations subcommand '${sub}' (known: lint)`);
}
