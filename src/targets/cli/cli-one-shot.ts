/**
 * One probe in one `ego-browser nodejs` process, its result between the nonce markers on stdout: for a
 * single question (version detection, a launcher check) and the benchmark. Sessions use the loop,
 * since a session's probes must share one invocation.
 */
import type { Json } from "../../contract/arguments.js";
import { probeProgram } from "../../probe/program.js";
import { frameParts, newNonce, readFramed, FramingError } from "./cli-output.js";
import { CliTargetError, ProbeThrewError } from "./cli-loop-process.js";
import type { ProbeFailure } from "./cli-loop-script.js";
import { describeExit, startCli, type CliExit } from "./cli-process.js";
import type { ProbeFunction } from "../target.js";

export interface OneShotOptions {
  cliPath: string;
  /** the module for --sdk-path (e.g. RAW_BRIDGE_SDK_PATH); omitted: no --sdk-path */
  sdkPath?: string;
  /** bound on the whole process (default 30 s); on timeout the process group is killed */
  timeoutMs?: number;
}

export interface OneShotResult<R> {
  value: R;
  exit: CliExit;
  stdout: string;
  stderr: string;
}

/** Runs inside the target: evaluate the program, print the outcome framed. Self-contained. */
async function oneShot(program: string, frame: { prefix: string; suffix: string }): Promise<void> {
  let outcome: { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; stack?: string } };
  try {
    const run = (0, eval)(program) as (ego: unknown) => Promise<unknown>;
    const text = JSON.stringify(await run((globalThis as { ego?: unknown }).ego));
    outcome = { ok: true, value: text === undefined ? null : JSON.parse(text) };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
    outcome = {
      ok: false,
      error: {
        name: typeof e?.name === "string" ? e.name : typeof error,
        message: typeof e?.message === "string" ? e.message : String(error),
        ...(typeof e?.stack === "string" ? { stack: e.stack } : {}),
      },
    };
  }
  process.stdout.write(`${frame.prefix}${JSON.stringify(outcome)}${frame.suffix}`);
}

export function oneShotScript(program: string, nonce: string): string {
  return `var __name = (fn) => fn;\nawait (${oneShot.toString()})(${JSON.stringify(program)}, ${JSON.stringify(frameParts(nonce))});\n`;
}

export async function runOneShotProbe<A extends Json[], R>(options: OneShotOptions, fn: ProbeFunction<A, R>, ...args: A): Promise<OneShotResult<Awaited<R>>> {
  const nonce = newNonce();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const cliArgs = ["nodejs", ...(options.sdkPath !== undefined ? ["--sdk-path", options.sdkPath] : [])];
  const proc = await startCli(options.cliPath, cliArgs, oneShotScript(probeProgram(fn as never, args), nonce), { frameNonce: nonce });
  const timer = setTimeout(() => proc.killGroup(), timeoutMs);
  const exit = await proc.exited;
  clearTimeout(timer);
  const stdout = proc.stdout();
  const stderr = proc.stderr();
  if (exit.killed) throw new CliTargetError(`probe did not finish within ${timeoutMs} ms; the ego-browser process group was killed.\n${proc.describe()}`);
  let framed: unknown;
  try {
    // the frame as it arrived, not the tail: a launcher may print on after the result (test/installed/bounded-waits.test.ts)
    framed = readFramed(proc.framedOut() || stdout, nonce);
  } catch (error) {
    if (error instanceof FramingError) throw new CliTargetError(`${error.message} (${describeExit(exit)}).\n${proc.describe()}`);
    throw error;
  }
  if (framed === undefined) throw new CliTargetError(`ego-browser printed no result (${describeExit(exit)}).\n${proc.describe()}`);
  const outcome = framed as { ok: true; value: unknown } | { ok: false; error: ProbeFailure };
  if (!outcome.ok) throw new ProbeThrewError(outcome.error.name, outcome.error.message, outcome.error.stack);
  if (exit.effectiveCode !== 0) throw new CliTargetError(`the probe printed its result but ego-browser ended with ${describeExit(exit)}.\n${proc.describe()}`);
  return { value: outcome.value as Awaited<R>, exit, stdout, stderr };
}
