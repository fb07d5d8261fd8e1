/**
 * The infrastructure watch: which signs in a probe's answer say the infrastructure failed, not
 * the build's contract (the codes and messages are contract data: src/contract/error-codes.ts
 * INFRASTRUCTURE_ERROR_CODES and INFRASTRUCTURE_ERROR_MESSAGES, each with its basis):
 *   - an `error_code` with one of those codes, anywhere in the answer (a resolved error object, a
 *     rejection, a TypeError the probe runtime described);
 *   - a raw CDP pre-send failure the probe runtime recorded (its CDP client's
 *     `{sendError: {message, code}}`, or an `onSendCDPMessageError` callback `{slot, args:
 *     [message, code]}` of p.cdp, src/probe/runtime.ts) with such a code, or with such a message
 *     and no code;
 *   - a call the probe gave up waiting for (an observation on the `timeout` channel).
 * Pure: src/retries/infrastructure.ts turns a sign into an InfrastructureError, retried then broken.
 */
import { INFRASTRUCTURE_ERROR_MESSAGES, isInfrastructureErrorCode } from "../contract/error-codes.js";

/** The sign a message gives, when it is one of the infrastructure messages. */
export function infraSignOfMessage(message: unknown): string | undefined {
  if (typeof message !== "string") return undefined;
  return INFRASTRUCTURE_ERROR_MESSAGES.find((m) => m.pattern.test(message))?.sign;
}

/** The infrastructure signs in a probe's answer, deduplicated, in the order found. */
export function infraSignsIn(value: unknown, found = new Set<string>(), depth = 0): string[] {
  if (depth > 64 || typeof value !== "object" || value === null) return [...found];
  if (Array.isArray(value)) {
    for (const item of value) infraSignsIn(item, found, depth + 1);
    return [...found];
  }
  const record = value as Record<string, unknown>;
  if (isInfrastructureErrorCode(record.error_code)) found.add(record.error_code);
  const sendError = record.sendError as Record<string, unknown> | null | undefined;
  if (typeof sendError === "object" && sendError !== null) addPreSendSign(found, sendError.message, sendError.code);
  if (record.slot === "onSendCDPMessageError" && Array.isArray(record.args)) addPreSendSign(found, record.args[0], record.args[1]);
  if (record.channel === "timeout" && typeof record.call === "string") found.add(`call timed out: ${record.call.split("(")[0]}()`);
  for (const item of Object.values(record)) infraSignsIn(item, found, depth + 1);
  return [...found];
}

/** A CDP pre-send failure's sign: its code when it is an infrastructure code, else its message when it has no code. */
function addPreSendSign(found: Set<string>, message: unknown, code: unknown): void {
  if (isInfrastructureErrorCode(code)) found.add(code);
  else if (code === null || code === undefined) {
    const sign = infraSignOfMessage(message);
    if (sign !== undefined) found.add(sign);
  }
}
