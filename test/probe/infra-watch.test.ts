// The infrastructure watch (src/probe/infra-watch.ts): which signs in a probe's answer are the
// infrastructure's (the codes and messages of src/contract/error-codes.ts), and which are the build's.
import { describe, expect, it } from "vitest";
import { INFRASTRUCTURE_ERROR_CODES } from "../../src/contract/error-codes.js";
import { infraSignsIn } from "../../src/probe/infra-watch.js";

describe("the infrastructure watch", () => {
  it("reads every infrastructure code as an error_code anywhere in the answer", () => {
    for (const { code } of INFRASTRUCTURE_ERROR_CODES) expect(infraSignsIn({ channel: "resolved", value: [{ error: "x", error_code: code }] })).toEqual([code]);
  });

  it("reads a raw CDP pre-send failure: the CDP client's sendError and p.cdp's callback, by code or (without one) by message", () => {
    expect(infraSignsIn({ answer: { sendError: { message: "CDP channel is not open", code: "EGO_CDP_CHANNEL_UNAVAILABLE" } } })).toEqual(["EGO_CDP_CHANNEL_UNAVAILABLE"]);
    expect(infraSignsIn({ answer: { sendError: { message: "CDP channel is not open", code: null } } })).toEqual(["EGO_CDP_CHANNEL_UNAVAILABLE"]);
    expect(infraSignsIn({ callbacks: [{ slot: "onSendCDPMessageError", args: ["CDP channel is not open", "EGO_CDP_CHANNEL_UNAVAILABLE"] }] })).toEqual(["EGO_CDP_CHANNEL_UNAVAILABLE"]);
    expect(infraSignsIn({ callbacks: [{ slot: "onSendCDPMessageError", args: ["CDP channel is not open"] }] })).toEqual(["EGO_CDP_CHANNEL_UNAVAILABLE"]);
  });

  it("leaves the build's own answers alone: contract codes, and a message beside a contract code", () => {
    expect(infraSignsIn({ callbacks: [{ slot: "onSendCDPMessageError", args: ["No task space selected", "EGO_TASK_SPACE_NOT_SELECTED"] }] })).toEqual([]);
    expect(infraSignsIn({ answer: { sendError: { message: "CDP channel is not open", code: "EGO_TASK_SPACE_USER_IN_CONTROL" } } })).toEqual([]);
    expect(infraSignsIn({ value: { error: "gone", error_code: "EGO_TASK_SPACE_NOT_FOUND" } })).toEqual([]);
  });

  it("reads a call the probe gave up waiting for", () => {
    expect(infraSignsIn({ channel: "timeout", call: "listTabs()" })).toEqual(["call timed out: listTabs()"]);
  });
});
