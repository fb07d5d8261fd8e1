/**
 * What one test's attempt leaves for the transcript: its native calls, private and normalised before
 * they leave the worker, as one JSON line appended to the worker thread's own dot file in the results
 * directory (not an Allure attachment, which cost nearly all of recording: docs/speed.md).
 */
import { appendToRegularFile } from "../files/append-file.js";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import type { RecordedCall } from "../probe/call-recorder.js";
import { InputFileError, parseJsonText, readInputFile } from "../files/input-file.js";
import { noteResultsWriteFailure } from "../report/results-write-failure.js";
import { normaliseCalls } from "./normalise.js";
import { privateCalls } from "./privacy.js";

const FILE_PREFIX = ".ego-conformance-native-calls-";
const FILE_SUFFIX = ".jsonl";

export interface ClauseRecording {
  /** how many probes the attempt ran */
  probes: number;
  calls: RecordedCall[];
}

/** One attempt's line: the test's title (its Allure result's name) and what it recorded. */
interface RecordingLine {
  test: string;
  recording: ClauseRecording;
}

export function clauseRecording(native: Pick<ClauseRecording, "probes" | "calls">, runId: string, clauseId: string): ClauseRecording {
  const copy = structuredClone(native.calls);
  return { probes: native.probes, calls: normaliseCalls(privateCalls(copy, runId, clauseId), runId) };
}

/** Appends one attempt's recording to this worker thread's file in `resultsDir`. */
export function appendClauseRecording(resultsDir: string, test: string, recording: ClauseRecording): void {
  const line: RecordingLine = { test, recording };
  const path = join(resultsDir, `${FILE_PREFIX}${process.pid}-${threadId}${FILE_SUFFIX}`);
  try {
    appendToRegularFile(path, `${JSON.stringify(line)}\n`, "clause recording");
  } catch (error) {
    // a disk that filled (or turned read-only) during the run: the run ends on it, not this clause
    if (error instanceof InputFileError && DISK_CODES.has(error.code) && noteResultsWriteFailure(path, error)) return;
    throw error;
  }
}

const DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);

/** Every test's last recorded attempt in `resultsDir`, by the test's title. */
export async function readClauseRecordings(resultsDir: string): Promise<Map<string, ClauseRecording>> {
  const out = new Map<string, ClauseRecording>();
  const names = (await readdir(resultsDir)).filter((n) => n.startsWith(FILE_PREFIX) && n.endsWith(FILE_SUFFIX)).sort();
  for (const name of names) {
    const path = join(resultsDir, name);
    const text = await readInputFile(path, { kind: "recording" });
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const { test, recording } = parseJsonText(line, path, "recording") as RecordingLine;
      out.set(test, recording);
    }
  }
  return out;
}
