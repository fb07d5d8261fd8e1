/**
 * The recording of a run at its source: a recorded probe notes every call it makes to a contract
 * method and brings the notes back with its value, as the CallLog the fake's library keeps.
 */
import type { Json } from "../contract/arguments.js";
import { CallLog, type CallChannel, type CallNote } from "../contract/call-log.js";
import { METHOD_NAMES } from "../contract/methods.js";
import { callValue, type FieldValues } from "./call-fields.js";
import { probeSource } from "./program.js";
import type { ProbeScope } from "./scope.js";

export interface RecordedCall {
  /** which probe of the clause made it (1, 2, ...) */
  probe: number;
  method: string;
  args: Json[];
  channel: CallChannel | "pending";
  /** a resolved `{error}`, a rejection, a throw or an error callback */
  failed: boolean;
  errorCode?: string;
  /** types and keys of the value, never its data */
  shape: Json;
  /** documented fields the doc constrains, by path */
  fields: FieldValues;
  /** documented free text (names, titles, URLs, messages), by path */
  text: FieldValues;
  /** it began while an earlier call of its probe was still pending (Promise.all): the order of their answers is no build's promise */
  concurrent?: true;
  /** the call is of a poll's last attempt (ProbeScope.poll): how many attempts the poll made, the earlier ones left out */
  attempts?: number;
}

/** What a recorded probe brings back: the probe's value (or what it threw) and its calls. */
export interface RecordedEnvelope {
  value?: Json;
  threw?: { name: string; message: string };
  calls: Json[];
}

/**
 * The probe, recorded: a probe function whose text (what travels into the target, ./program.ts)
 * is the given probe's inside a wrapper that starts the runtime's notes, runs it, and brings back
 * its value (or what it threw) with the calls. The text is composed here, so the target compiles
 * it once with the rest of the program; the function itself is never called on this side.
 */
export function recordedProbe(fn: (...args: never[]) => unknown): (p: ProbeScope, ...args: Json[]) => Promise<RecordedEnvelope> {
  const source = [
    "async (p, ...args) => {",
    `  p.startRecording(${JSON.stringify(METHOD_NAMES)});`,
    `  const probe = (${probeSource(fn)});`,
    "  try {",
    "    const value = await probe(p, ...args);",
    "    return { value: p.toJson(value), calls: p.recorded() };",
    "  } catch (error) {",
    "    const e = error;",
    '    return { threw: { name: e && typeof e.name === "string" ? e.name : "Error", message: e && typeof e.message === "string" ? e.message : String(error) }, calls: p.recorded() };',
    "  }",
    "}",
  ].join("\n");
  const stand = async (): Promise<RecordedEnvelope> => {
    throw new Error("a recorded probe runs inside the target only");
  };
  return Object.assign(stand, { toString: () => source });
}

/** A probe's notes as the CallLog the fake's library keeps. */
export function callLogOf(notes: readonly Json[]): CallLog {
  return CallLog.fromNotes(notes as unknown as CallNote[]);
}

/** Whether note `i` began while an earlier one was pending (`after`: how many had settled when it began). */
function overlaps(notes: readonly { settled?: number; after?: number }[], i: number): boolean {
  const after = notes[i]!.after ?? 0;
  return notes.slice(0, i).some((n) => n.settled === undefined || n.settled > after);
}

type RawNote = { settled?: number; after?: number; poll?: number; attempt?: number };

/** How many attempts each poll of the notes made (the number of its last attempt). */
function pollAttempts(raw: readonly RawNote[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const n of raw) if (n.poll !== undefined && n.attempt !== undefined) out.set(n.poll, Math.max(out.get(n.poll) ?? 0, n.attempt));
  return out;
}

/**
 * The calls of probe number `probe`, as the recording keeps them: of a poll, only its last
 * attempt's calls, each with the number of attempts (how many a page took is no build's answer;
 * the answer the probe acted on is).
 */
export function recordedCalls(notes: readonly Json[], probe: number): RecordedCall[] {
  const raw = notes as unknown as RawNote[];
  const attempts = pollAttempts(raw);
  return callLogOf(notes)
    .list()
    .flatMap((entry, i) => {
      const { poll, attempt } = raw[i]!;
      const last = poll === undefined ? undefined : attempts.get(poll);
      if (last !== undefined && attempt !== last) return [];
      const call: RecordedCall = { probe, method: entry.method, args: entry.args as Json[], channel: entry.channel, failed: entry.failed ?? false, ...callValue(entry) };
      if (entry.errorCode !== undefined) call.errorCode = entry.errorCode;
      if (overlaps(raw, i)) call.concurrent = true;
      if (last !== undefined) call.attempts = last;
      return [call];
    });
}

/** An error like the one the probe threw inside the target. */
export function probeThrew(threw: NonNullable<RecordedEnvelope["threw"]>): Error {
  const error = new Error(threw.message);
  error.name = threw.name;
  return error;
}
