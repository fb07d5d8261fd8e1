/**
 * The recording of a run, at its source: every native call the probes make. A recorded probe
 * runs the probe it wraps with the runtime noting each call to a contract method (through
 * call(), step(), cdp(), the CDP client and `ego` itself, ./runtime.ts), and brings the notes
 * back with the probe's value. The notes become the same CallLog the fake's library keeps
 * (src/contract/call-log.ts), and each entry a RecordedCall: method, arguments, channel, the
 * value's shape and its documented fields (./call-fields.ts).
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
}

/** What a recorded probe brings back: the probe's value (or what it threw) and its calls. */
export interface RecordedEnvelope {
  value?: Json;
  threw?: { name: string; message: string };
  calls: Json[];
}

/**
 * Runs inside the target in place of the probe: `source` is the probe's text (./program.ts
 * probeSource), evaluated where it stands so it sees the program's helpers, as the probe would.
 */
export async function recordedProbe(p: ProbeScope, source: string, methods: string[], args: Json[]): Promise<RecordedEnvelope> {
  p.startRecording(methods);
  // eslint-disable-next-line no-eval
  const fn = eval(`(${source})`) as (p: ProbeScope, ...args: Json[]) => unknown;
  try {
    const value = await fn(p, ...args);
    return { value: p.toJson(value), calls: p.recorded() };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown };
    return { threw: { name: typeof e?.name === "string" ? e.name : "Error", message: typeof e?.message === "string" ? e.message : String(error) }, calls: p.recorded() };
  }
}

/** The arguments that make a probe recorded: its source and the methods to note. */
export function recordedArgs(fn: (...args: never[]) => unknown, args: readonly Json[]): [string, string[], Json[]] {
  return [probeSource(fn), [...METHOD_NAMES], [...args]];
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

/** The calls of probe number `probe`, as the recording keeps them. */
export function recordedCalls(notes: readonly Json[], probe: number): RecordedCall[] {
  const raw = notes as unknown as { settled?: number; after?: number }[];
  return callLogOf(notes)
    .list()
    .map((entry, i) => {
      const call: RecordedCall = { probe, method: entry.method, args: entry.args as Json[], channel: entry.channel, failed: entry.failed ?? false, ...callValue(entry) };
      if (entry.errorCode !== undefined) call.errorCode = entry.errorCode;
      if (overlaps(raw, i)) call.concurrent = true;
      return call;
    });
}

/** An error like the one the probe threw inside the target. */
export function probeThrew(threw: NonNullable<RecordedEnvelope["threw"]>): Error {
  const error = new Error(threw.message);
  error.name = threw.name;
  return error;
}
