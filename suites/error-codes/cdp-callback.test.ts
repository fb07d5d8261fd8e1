// onSendCDPMessageError: delivered through the event loop, with (message: string, error_code: string).
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";

const message = JSON.stringify({ id: 1, method: "Browser.getVersion" });

clause("error-codes.cdp.callback-is-async", async ({ ego }) => {
  const seen = await ego.evaluate((p, message) => p.cdp(message), message);
  const errors = (seen.callbacks ?? []).filter((c) => c.slot === "onSendCDPMessageError");
  expect(errors.length, "one error callback for the failed send").toBe(1);
  expect(errors[0]!.afterReturn, "the callback must not run before sendCDPMessage returns").toBe(true);
});

clause("error-codes.cdp.callback-arguments", async ({ ego }) => {
  const seen = await ego.evaluate((p, message) => p.cdp(message), message);
  const [first] = (seen.callbacks ?? []).filter((c) => c.slot === "onSendCDPMessageError");
  expect(first?.args, "onSendCDPMessageError(message, error_code)").toEqual([expect.any(String), expect.stringMatching(/^EGO_[A-Z_]+$/)]);
});
