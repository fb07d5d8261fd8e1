/**
 * The stable `error_code` values of the native bridge (native-bindings-api.md, "Error Codes").
 * Runtime-only codes (EGO_PAGE_DIALOG_OPENED, ...) are deliberately absent: the bridge never
 * produces them, and a conformance run must not expect them.
 */
import { z } from "zod";

export const ERROR_CODES = [
  "EGO_BROWSER_UNAVAILABLE",
  "EGO_CDP_CHANNEL_UNAVAILABLE",
  "EGO_CDP_SEND_FAILED",
  "EGO_INVALID_ARGUMENT",
  "EGO_INVALID_RESULT_PAYLOAD",
  "EGO_OPERATION_FAILED",
  "EGO_PROFILE_NOT_FOUND",
  "EGO_RESULT_CONVERSION_FAILED",
  "EGO_SNAPSHOT_FAILED",
  "EGO_TASK_HOST_DISCONNECTED",
  "EGO_TASK_SPACE_INACTIVE",
  "EGO_TASK_SPACE_NOT_FOUND",
  "EGO_TASK_SPACE_NOT_SELECTED",
  "EGO_TASK_SPACE_UNAVAILABLE",
  "EGO_TASK_SPACE_USER_IN_CONTROL",
  "EGO_WEB_CONTENTS_UNAVAILABLE",
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The codes that say the infrastructure around the bridge failed, not that the build answered a
 * call against its contract: a probe whose answer carries one is retried, then broken, never
 * failed (src/probe/infra-watch.ts, src/retries/retry.ts). Each with its basis.
 */
export const INFRASTRUCTURE_ERROR_CODES = [
  // the harness's reading: the reference lists the code with no rule of any method; the task host is the
  // process the app injects ego into (research 1.1), so its going away is the runtime's, not a call's answer
  { code: "EGO_TASK_HOST_DISCONNECTED", basis: "harness: research 1.1 (the app injects ego into each `ego-browser nodejs` process)" },
  // reference, getBrowserVersion's example: `{ error: 'No active browser', error_code: 'EGO_BROWSER_UNAVAILABLE' }`
  { code: "EGO_BROWSER_UNAVAILABLE", basis: "reference: 'No active browser' (the browser itself is not there)" },
  // the harness's reading: the payload between the bridge and the runtime could not be read (no method rule names it)
  { code: "EGO_INVALID_RESULT_PAYLOAD", basis: "harness: a payload the bridge could not read is the transport's" },
  // reference, sendCDPMessage: "EGO_CDP_CHANNEL_UNAVAILABLE when the channel is missing"; an independent host's
  // launcher that relaunched the shared browser answered raw CDP with "CDP channel is not open"
  { code: "EGO_CDP_CHANNEL_UNAVAILABLE", basis: "reference: sendCDPMessage, 'when the CDP channel is not connected'; harness: an independent host's relaunched browser" },
] as const satisfies readonly { code: ErrorCode; basis: string }[];

export type InfrastructureErrorCode = (typeof INFRASTRUCTURE_ERROR_CODES)[number]["code"];

/**
 * Messages that say the same without a code (a build before error codes, or a host that
 * reports raw CDP failures as text). The harness's own list: "CDP channel is not open" came from
 * an independent host whose launcher relaunched the shared browser.
 */
export const INFRASTRUCTURE_ERROR_MESSAGES: readonly { pattern: RegExp; sign: InfrastructureErrorCode; basis: string }[] = [
  { pattern: /\bCDP channel is not open\b/i, sign: "EGO_CDP_CHANNEL_UNAVAILABLE", basis: "harness: an independent host whose launcher relaunched the shared browser" },
];

export function isInfrastructureErrorCode(value: unknown): value is InfrastructureErrorCode {
  return typeof value === "string" && INFRASTRUCTURE_ERROR_CODES.some((c) => c.code === value);
}
