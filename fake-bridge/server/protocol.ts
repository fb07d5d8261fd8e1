/**
 * The fake app server's two endpoints as JSON-lines messages: the bridge endpoint (`app.sock`, one
 * connection per invocation: a run request or binding calls) and the operator endpoint (`operator.sock`).
 * Each message's meaning is on its type below.
 */
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import type { MutantName } from "../mutants/mutants.js";
import type { LaunchFault } from "../infra-faults/inject.js";
import type { Feature } from "../../src/contract/features.js";

export interface Welcome {
  t: "welcome";
  version: string;
  features: Feature[];
  /** the open details the build chose (a persona file's), for the binding's switches */
  openDetails: Record<string, string>;
  mutants: MutantName[];
  /** an infrastructure fault the launcher acts out before running the script (../infra-faults) */
  launch?: LaunchFault;
}

/** What the script's process runs, sent on its channel with the welcome. */
export interface ScriptRun {
  /** the script's text, run as the body of an async function */
  script: string;
  /** --sdk-path, resolved against the caller's directory */
  sdkPath?: string;
  /** the app's bundled SDK, imported when no --sdk-path is given */
  bundledSdk: string;
  /** the bridge endpoint, for the synchronous channel's own connection (./sync-request.ts) */
  appSocket: string;
}

export interface HostWelcome extends Welcome {
  run: ScriptRun;
}

/** launcher -> app, the first message of a launcher's connection. */
export interface RunRequest {
  t: "run";
  /** the module the script's process runs: the installed launcher bundle, in its script-host mode */
  host: string;
  script: string;
  sdkPath?: string;
  bundledSdk: string;
  /** the script's working directory */
  cwd: string;
  /**
   * the caller's environment, sent only by a launcher with the environment-forwarded mutant; the
   * script otherwise gets the app's own (./script-processes.ts)
   */
  env?: Record<string, string>;
  /** the launcher relays the caller's stdin (-e); otherwise the script's stdin ends at once */
  stdin: boolean;
}

/** launcher -> app, after the run request. */
export type StdinLine = { t: "stdin"; data: string } | { t: "stdin-end" };

/** app -> launcher, after the welcome. */
export type RunLine =
  | { t: "out"; fd: 1 | 2; data: string }
  | { t: "exit"; code: number | null; signal: NodeJS.Signals | null }
  | { t: "run-failed"; message: string };

/** The script-host mode of the launcher bundle: its first argument (a launcher's is its config's path). */
export const SCRIPT_HOST_FLAG = "--ego-script-host";

export function isRunRequest(message: unknown): message is RunRequest {
  if (typeof message !== "object" || message === null) return false;
  const m = message as Partial<Record<keyof RunRequest, unknown>>;
  const strings = (value: unknown) => typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "string");
  return (
    m.t === "run" &&
    typeof m.host === "string" &&
    typeof m.script === "string" &&
    (m.sdkPath === undefined || typeof m.sdkPath === "string") &&
    typeof m.bundledSdk === "string" &&
    typeof m.cwd === "string" &&
    (m.env === undefined || strings(m.env)) &&
    typeof m.stdin === "boolean"
  );
}

export interface CdpEventLine {
  t: "cdp-event";
  text: string;
}

export interface BridgeCall {
  id: number;
  request: BridgeRequest;
}

export interface BridgeAnswer {
  id: number;
  response: WireResponse;
}

/** A crash crosses as its message only. */
export type WireResponse = Exclude<BridgeResponse, { crash: unknown }> | { crash: string };

export const OPERATOR_OPS = [
  "createUserSpace",
  "takeControl",
  "returnControl",
  "closeUserSpace",
  "answerPrompt",
  "listSpaces",
  "snapshotState",
  "describe",
  "shutdown",
] as const;
export type OperatorOp = (typeof OPERATOR_OPS)[number];

export interface OperatorCall {
  id: number;
  op: OperatorOp;
  args: unknown[];
}

export type OperatorAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** undefined -> null for the wire; see the note above. */
export function encodeArgs(args: readonly unknown[]): unknown[] {
  return args.map((a) => (a === undefined ? null : a));
}

export function decodeArgs(args: readonly unknown[]): unknown[] {
  return args.map((a) => (a === null ? undefined : a));
}

export function encodeRequest(request: BridgeRequest): BridgeRequest {
  return request.kind === "command" ? { ...request, args: encodeArgs(request.args) } : request;
}

export function decodeRequest(request: BridgeRequest): BridgeRequest {
  // JSON has no undefined: a missing selection arrives as an absent key, which reads as undefined
  return request.kind === "command" ? { ...request, args: decodeArgs(request.args) } : request;
}

export function encodeResponse(response: BridgeResponse): WireResponse {
  if ("crash" in response) return { crash: response.crash instanceof Error ? (response.crash.stack ?? response.crash.message) : String(response.crash) };
  return response;
}
