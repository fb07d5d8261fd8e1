/**
 * Which signs in a probe's answer say the infrastructure failed, not the build's contract: the
 * contract's infrastructure codes and messages, and calls the probe gave up waiting for. Pure:
 * src/retries/infrastructure.ts turns a sign into an error that is retried, then broken.
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
