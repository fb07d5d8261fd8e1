/**
 * Writes the judgements into the Allure result files before the report is generated, so every reader
 * (summary, gate, matrix, Allure's "Known failures") sees the same; earlier labels are replaced.
 */
import { writeFileAtomic } from "../files/output-dir.js";
import { LABEL } from "../labels/labels.js";
import type { ResultFile } from "../report/results-reader.js";
import type { ResultVerdict } from "./judge.js";
import { UNEXPECTED_PASS_PREFIX } from "./original.js";
import { describeEntry, TODO_BUG, type IndexedEntry } from "./schema.js";

const LINK_PREFIX = "expectation: ";

interface RawResult {
  status?: string;
  statusDetails?: { message?: string; trace?: string };
  labels?: { name: string; value: string }[];
  links?: { name?: string; url: string; type?: string }[];
  [key: string]: unknown;
}

export function unexpectedPassMessage(entry: IndexedEntry, file: string): string {
  return `${UNEXPECTED_PASS_PREFIX} remove the expectation ${describeEntry(entry)} from ${file}: it expects ${entry.entry.expected.join(" or ")} (${entry.entry.bug}), but the clause passed`;
}

/** Rewrites one raw result object; returns it (mutated). `verdict` undefined clears earlier judgements. */
export function rewriteRaw(raw: RawResult, judged: { verdict: ResultVerdict; entry: IndexedEntry; file: string } | undefined): RawResult {
  const earlier = raw.labels?.find((l) => l.name === LABEL.expectation)?.value;
  raw.labels = (raw.labels ?? []).filter((l) => l.name !== LABEL.expectation && l.name !== LABEL.expectationBug);
  raw.links = (raw.links ?? []).filter((l) => !(l.name ?? "").startsWith(LINK_PREFIX));
  if (earlier === "unexpected-pass") {
    raw.status = "passed";
    if (raw.statusDetails?.message?.startsWith(UNEXPECTED_PASS_PREFIX)) delete raw.statusDetails.message;
  }
  if (!judged) return raw;
  const { verdict, entry, file } = judged;
  raw.labels.push({ name: LABEL.expectation, value: verdict }, { name: LABEL.expectationBug, value: entry.entry.bug });
  if (entry.entry.bug !== TODO_BUG) raw.links.push({ name: `${LINK_PREFIX}${entry.entry.reason}`.slice(0, 200), url: entry.entry.bug, type: "issue" });
  if (verdict === "unexpected-pass") {
    raw.status = "failed";
    raw.statusDetails = { ...(raw.statusDetails ?? {}), message: unexpectedPassMessage(entry, file) };
  }
  return raw;
}

/** Writes a result file rewritten in memory (applyExpectationsToFiles) back to where it was read. */
export async function writeResultFile(file: ResultFile): Promise<void> {
  await writeFileAtomic(file.result.file, JSON.stringify(file.raw));
}
