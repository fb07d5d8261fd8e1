/**
 * The fake app server's two endpoints, as messages (JSON lines, src/wire/json-lines.ts).
 *
 * Bridge endpoint (`app.sock`), one connection per `ego-browser nodejs` invocation:
 *   server -> { t: "welcome", version, features, faults }      on connect: the build the binding emulates
 *   client -> { id, request: BridgeRequest }                   one per Promise-returning call or CDP send
 *   server -> { id, response: BridgeResponse }                 answered in the order received (a CDP
 *                                                              send: when the real browser answers)
 *   server -> { t: "cdp-event", text }                         a CDP event of the invocation's sessions
 *                                                              (real pages only), as Chromium sent it
 * Arguments cross as JSON: `undefined` (an omitted optional argument) travels as null; the
 * binding's validation guarantees no argument is null, so the decoding is exact.
 *
 * Operator endpoint (`operator.sock`): the human at the browser, and inspection for tests.
 *   client -> { id, op, args }
 *   server -> { id, ok: true, value } | { id, ok: false, error }
 */
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import type { FaultName } from "../faults/faults.js";
import type { LaunchFault } from "../infra-faults/inject.js";
import type { Feature } from "../../src/contract/features.js";

export interface Welcome {
  t: "welcome";
  version: string;
  features: Feature[];
  faults: FaultName[];
  /** an infrastructure fault the launcher acts out before running the script (../infra-faults) */
  launch?: LaunchFault;
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
