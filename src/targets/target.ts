/**
 * A target is something that injects `globalThis.ego`: the embedded fake bridge, or an installed
 * Ego Lite reached through its `ego-browser` CLI. Suites only ever see this interface.
 */
import type { Json } from "../contract/arguments.js";
import type { Capability, Feature } from "../contract/features.js";
import type { EgoVersion } from "../version/ego-version.js";
import type { ProbeScope } from "../probe/scope.js";
import type { Operator } from "../contract/operator.js";
import { namedError } from "../errors/named-error.js";

export type TargetKind = "fake" | "installed";

export interface TargetInfo {
  kind: TargetKind;
  /** what to show in reports: "fake bridge (in-process)", or the CLI path */
  name: string;
  /** the detected or emulated Ego Lite version; null when unknown */
  egoVersion: EgoVersion | null;
  /** the version text as reported (may be non-numeric, e.g. "ego-windows-host") */
  egoVersionText: string | null;
  /** where the version came from: persona, getBrowserVersion, Info.plist, flag */
  versionSource: string;
  /** the fake persona, when the target is the fake */
  persona?: string;
  /** build features this target is taken to have (gates clauses) */
  features: ReadonlySet<Feature>;
  /** what the target offers beyond the build: an operator, CDP traffic */
  capabilities: ReadonlySet<Capability>;
  /**
   * target milliseconds per real millisecond (a fake's time scale); absent: real time. Clauses
   * that wait target time (tagged slow) divide by it.
   */
  timeScale?: number;
  /** what the report should say about how the target was reached (e.g. a CLI that rejects --sdk-path) */
  warnings?: string[];
  /** how the launcher took the harness's --sdk-path module (CLI targets; filled in as processes start) */
  launch?: LaunchObservation;
}

/**
 * What the CLI target saw of `ego-browser nodejs --sdk-path <the raw-bridge module>`:
 * - `loaded`: the module ran before the script (the probes see the raw bridge, unless the app wraps it anyway);
 * - `rejected`: the launcher does not know the option (it predates it, research 3.2);
 * - `failed`: the launcher cannot start with it, and can without (its SDK hook works differently);
 * - `ignored`: it accepted the option and did not load the module;
 * - `not-requested`: the target was told never to pass it; `pending`: no process has started yet.
 */
export interface LaunchObservation {
  sdkPath: "pending" | "loaded" | "rejected" | "failed" | "ignored" | "not-requested";
  /** what the launcher said or did, for the clause's message */
  detail?: string;
  /** a process saw globalThis.ego wrapped by the app's SDK (Symbol.for("egoBrowser.sdkWrapped")) */
  wrapped: boolean;
}

/**
 * A probe function runs inside the target, like Playwright's page.evaluate: it travels as source
 * text plus JSON arguments, so it must be self-contained (no closures over test-side variables).
 */
export type ProbeFunction<A extends Json[], R> = (probe: ProbeScope, ...args: A) => R | Promise<R>;

/**
 * One script invocation: one binding instance with its own task selection and callbacks.
 * What a probe returns crosses the boundary as JSON (R is what the probe builds from JSON values).
 */
export interface Session {
  evaluate<A extends Json[], R>(fn: ProbeFunction<A, R>, ...args: A): Promise<Awaited<R>>;
  /** what the target said outside the probes' results (stderr of an ego-browser process), for a report on failure */
  diagnostics?(): string;
  close(): Promise<void>;
}

export interface SessionOptions {
  /**
   * Whether the session must be a fresh invocation (default true). `false` promises that the
   * session selects a space right before every task-scoped call and relies on no callback it did
   * not install, so an invocation that already selected something will do: through a CLI that
   * saves starting a process.
   */
  fresh?: boolean;
}

export interface Target {
  readonly info: TargetInfo;
  openSession(options?: SessionOptions): Promise<Session>;
  /** the human at the browser, where the target has one */
  readonly operator: Operator | undefined;
  /** the target's `ego-browser nodejs`, for clauses that judge a whole invocation (capability `launcher`) */
  readonly launcher?: Launcher;
  close(): Promise<void>;
}

/** How one `ego-browser nodejs` invocation of a script ended, and when (Date.now() of the harness's host). */
export interface ScriptRun {
  exitCode: number | null;
  signal: string | null;
  /** what the script's process really ended with (the launcher's quirk line, else the exit status) */
  effectiveCode: number | null;
  /** the bound passed before the process exited: its group was killed */
  timedOut: boolean;
  startedAt: number;
  exitedAt: number;
  stdout: string;
  stderr: string;
}

/** A target's launcher: one script, one fresh `ego-browser nodejs` process, bounded. */
export interface Launcher {
  runScript(script: string, options: { timeoutMs: number }): Promise<ScriptRun>;
}

/** The configured target cannot be had (an unknown persona, mutant or version; no detection). */
export class TargetUnavailableError extends namedError("TargetUnavailableError", "bad-input") {}
