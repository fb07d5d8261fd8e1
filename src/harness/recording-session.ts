/**
 * A session that keeps what every probe sent and got back, for the report, and, when the run
 * records (`run --record`), every native call the probe made (src/probe/call-recorder.ts).
 */
import type { Json } from "../contract/arguments.js";
import { probeThrew, recordedCalls, recordedProbe, type RecordedCall, type RecordedEnvelope } from "../probe/call-recorder.js";
import type { Session } from "../targets/target.js";

export type ProbeLog = { probe: string; args: Json[]; result?: unknown; error?: string }[];

/** The native calls of a clause's probes, in probe order; `probes` counts the probes run. */
export interface NativeCalls {
  probes: number;
  calls: RecordedCall[];
  /** probes running now, and those that ran while another did (their calls are concurrent) */
  running?: Set<number>;
  overlapping?: Set<number>;
}

function firstLine(fn: (...args: never[]) => unknown): string {
  const text = fn.toString().replace(/\s+/g, " ");
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

export function recordingSession(inner: Session, log: ProbeLog, native?: NativeCalls): Session {
  const run = async (fn: (p: never, ...a: Json[]) => unknown, args: Json[]): Promise<unknown> => {
    if (!native) return inner.evaluate(fn as never, ...args);
    const probe = ++native.probes;
    const running = (native.running ??= new Set());
    const overlapping = (native.overlapping ??= new Set());
    if (running.size) for (const p of [...running, probe]) overlapping.add(p);
    running.add(probe);
    let envelope: RecordedEnvelope;
    try {
      envelope = (await inner.evaluate(recordedProbe(fn) as never, ...args)) as RecordedEnvelope;
    } finally {
      running.delete(probe);
    }
    // probes of one clause run side by side (sessions of separate invocations): their calls are concurrent
    native.calls.push(...recordedCalls(envelope.calls, probe).map((c) => (overlapping.has(probe) ? { ...c, concurrent: true as const } : c)));
    if (envelope.threw) throw probeThrew(envelope.threw);
    return envelope.value;
  };
  return {
    async evaluate<A extends Json[], R>(fn: (p: never, ...a: A) => R, ...args: A): Promise<Awaited<R>> {
      const entry: ProbeLog[number] = { probe: firstLine(fn), args: args as Json[] };
      log.push(entry);
      try {
        const result = (await run(fn as never, args as Json[])) as Awaited<R>;
        entry.result = result;
        return result;
      } catch (error) {
        entry.error = String(error);
        throw error;
      }
    },
    ...(inner.diagnostics ? { diagnostics: () => inner.diagnostics!() } : {}),
    close: () => inner.close(),
  };
}

/** What the sessions' targets said outside the probes (an ego-browser's stderr), for a failed test's report. */
export function sessionDiagnostics(sessions: readonly Session[]): string | undefined {
  const parts = sessions.flatMap((s, i) => (s.diagnostics ? [`session ${i + 1}\n${s.diagnostics()}`] : []));
  return parts.length ? parts.join("\n\n") : undefined;
}
