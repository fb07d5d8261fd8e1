/**
 * What one test's attempt leaves for the transcript: its native calls, private (./privacy.ts) and
 * normalised (./normalise.ts) before they leave the worker, as an Allure attachment of the result.
 * The run reads the last attempt's (./transcript.ts).
 */
import type { RecordedCall } from "../probe/call-recorder.js";
import { normaliseCalls } from "./normalise.js";
import { privateCalls } from "./privacy.js";

export const NATIVE_CALLS_ATTACHMENT = "native calls (recording)";

export interface ClauseRecording {
  /** how many probes the attempt ran */
  probes: number;
  calls: RecordedCall[];
}

export function clauseRecording(native: Pick<ClauseRecording, "probes" | "calls">, runId: string, clauseId: string): ClauseRecording {
  const copy = structuredClone(native.calls);
  return { probes: native.probes, calls: normaliseCalls(privateCalls(copy, runId, clauseId), runId) };
}
