// The contract matchers pass what the contract allows and fail, with a readable message,
// on everything else.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TabList } from "../../src/contract/index.js";
import { contractMatchers as m } from "../../src/harness/matchers.js";
import type { Observation } from "../../src/probe/observation.js";

const typeError = (code: unknown, own = true): Observation => ({
  call: "useTaskSpace()",
  channel: "threw",
  promise: false,
  error: { isError: true, isTypeError: true, name: "TypeError", message: "id must be a number", error_code: code as string, errorCodeIsOwn: own, ownKeys: own ? ["stack", "message", "error_code"] : ["stack", "message"], thrownType: "object" },
});
const resolved = (value: unknown): Observation => ({ call: "listTabs()", channel: "resolved", promise: true, valueType: typeof value, value: value as never });

describe("toThrowInvalidArgument", () => {
  it("passes a synchronous TypeError with own EGO_INVALID_ARGUMENT", () => {
    expect(m.toThrowInvalidArgument(typeError("EGO_INVALID_ARGUMENT")).pass).toBe(true);
  });
  it("fails a resolved error object, an inherited code, a plain Error, a rejection", () => {
    const resolvedInstead = m.toThrowInvalidArgument(resolved({ error: "bad", error_code: "EGO_INVALID_ARGUMENT" }));
    expect(resolvedInstead.pass).toBe(false);
    expect(resolvedInstead.message()).toMatch(/expected listTabs\(\) to throw a TypeError synchronously[\s\S]*observed: listTabs\(\) returned a Promise that resolved/);
    expect(m.toThrowInvalidArgument(typeError("EGO_INVALID_ARGUMENT", false)).pass).toBe(false);
    expect(m.toThrowInvalidArgument({ ...typeError("EGO_INVALID_ARGUMENT"), error: { ...typeError("EGO_INVALID_ARGUMENT").error!, isTypeError: false } }).pass).toBe(false);
    expect(m.toThrowInvalidArgument({ ...typeError("EGO_INVALID_ARGUMENT"), channel: "rejected", promise: true }).pass).toBe(false);
    expect(m.toThrowInvalidArgument(typeError("EGO_OPERATION_FAILED")).pass).toBe(false);
  });
  it("refuses something that is not an observation", () => {
    expect(m.toThrowInvalidArgument(42).message()).toMatch(/expected an observation/);
  });
});

describe("toResolveWithErrorCode", () => {
  const notSelected = resolved({ error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
  it("checks channel, shape, code and optionally the error text", () => {
    expect(m.toResolveWithErrorCode(notSelected, "EGO_TASK_SPACE_NOT_SELECTED").pass).toBe(true);
    expect(m.toResolveWithErrorCode(notSelected, "EGO_TASK_SPACE_NOT_SELECTED", /not selected/).pass).toBe(true);
    expect(m.toResolveWithErrorCode(notSelected, "EGO_TASK_SPACE_NOT_SELECTED", "location").pass).toBe(false);
    expect(m.toResolveWithErrorCode(notSelected, "EGO_TASK_SPACE_NOT_FOUND").pass).toBe(false);
  });
  it("fails an error object without error_code (an older build's shape) and says why", () => {
    const legacy = m.toResolveWithErrorCode(resolved({ error: "Task space not selected" }), "EGO_TASK_SPACE_NOT_SELECTED");
    expect(legacy.pass).toBe(false);
    expect(legacy.message()).toMatch(/error_code/);
  });
  it("fails an undocumented code", () => {
    expect(m.toResolveWithErrorCode(resolved({ error: "x", error_code: "EGO_PAGE_DIALOG_OPENED" }), "EGO_PAGE_DIALOG_OPENED" as never).pass).toBe(false);
  });
});

describe("toRejectWithErrorCode", () => {
  const rejected: Observation = { call: "snapshot()", channel: "rejected", promise: true, error: { isError: true, isTypeError: false, name: "Error", message: "manual_takeover", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL", errorCodeIsOwn: true, ownKeys: [], thrownType: "object" } };
  it("passes an Error rejection with own code and matching message", () => {
    expect(m.toRejectWithErrorCode(rejected, "EGO_TASK_SPACE_USER_IN_CONTROL", "manual_takeover").pass).toBe(true);
  });
  it("fails a resolved object and a non-Error rejection", () => {
    expect(m.toRejectWithErrorCode(resolved({ error: "manual_takeover", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" }), "EGO_TASK_SPACE_USER_IN_CONTROL").pass).toBe(false);
    expect(m.toRejectWithErrorCode({ ...rejected, error: { ...rejected.error!, isError: false } }, "EGO_TASK_SPACE_USER_IN_CONTROL").pass).toBe(false);
  });
});

describe("toResolveMatching / toReturnMatching", () => {
  it("shows the schema problem", () => {
    const bad = m.toResolveMatching(resolved({ tabs: [{ index: "0" }] }), TabList);
    expect(bad.pass).toBe(false);
    expect(bad.message()).toMatch(/tabs/);
    expect(m.toResolveMatching(resolved({ tabs: [] }), TabList).pass).toBe(true);
  });
  it("tells sync from async", () => {
    const sync: Observation = { call: "useTaskSpace(7)", channel: "returned", promise: false, valueType: "number", value: 7 };
    expect(m.toReturnMatching(sync, z.number()).pass).toBe(true);
    expect(m.toReturnMatching({ ...sync, channel: "resolved", promise: true }, z.number()).pass).toBe(false);
    expect(m.toResolveMatching(sync, TabList).pass).toBe(false);
  });
});

describe("toResolveStatus", () => {
  it("compares against the documented string for the id", () => {
    expect(m.toResolveStatus(resolved("7 task space closed."), "closeTaskSpace", 7).pass).toBe(true);
    expect(m.toResolveStatus(resolved("task space closed."), "closeTaskSpace", 7).pass).toBe(false);
    expect(m.toResolveStatus(resolved("7 task space closed."), "listTabs", 7).pass).toBe(false);
  });
});

describe("toReportCdpError", () => {
  const base: Observation = { call: "sendCDPMessage()", channel: "returned", promise: false, valueType: "undefined" };
  it("wants exactly one asynchronous error callback with the code and no answer", () => {
    const good = { ...base, callbacks: [{ slot: "onSendCDPMessageError" as const, args: ["The task is under user control.", "EGO_TASK_SPACE_USER_IN_CONTROL"], afterReturn: true }] };
    expect(m.toReportCdpError(good, "EGO_TASK_SPACE_USER_IN_CONTROL").pass).toBe(true);
    expect(m.toReportCdpError({ ...good, callbacks: [{ ...good.callbacks[0]!, afterReturn: false }] }, "EGO_TASK_SPACE_USER_IN_CONTROL").pass).toBe(false);
    expect(m.toReportCdpError({ ...good, callbacks: [...good.callbacks, { slot: "onCDPMessage", args: ["{}"], afterReturn: true }] }, "EGO_TASK_SPACE_USER_IN_CONTROL").pass).toBe(false);
    const none = m.toReportCdpError(base, "EGO_TASK_SPACE_USER_IN_CONTROL");
    expect(none.pass).toBe(false);
    expect(none.message()).toMatch(/callbacks: none/);
  });
});

describe("toRefuseAsDocumentedOrProceed (the core of an argument input the doc has no rule for)", () => {
  it("passes the documented refusal, and a call that goes ahead on the method's own channel", () => {
    expect(m.toRefuseAsDocumentedOrProceed(typeError("EGO_INVALID_ARGUMENT"), "useTaskSpace").pass).toBe(true);
    expect(m.toRefuseAsDocumentedOrProceed({ call: "useTaskSpace(1.5)", channel: "returned", promise: false, valueType: "number", value: 1.5 }, "useTaskSpace").pass).toBe(true);
    expect(m.toRefuseAsDocumentedOrProceed(resolved({ tabs: [] }), "listTabs").pass).toBe(true);
    expect(m.toRefuseAsDocumentedOrProceed(resolved({ error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" }), "createTab").pass).toBe(true);
    const snapshotRejects: Observation = { ...typeError("EGO_SNAPSHOT_FAILED"), call: "snapshot()", channel: "rejected", promise: true, error: { ...typeError("EGO_SNAPSHOT_FAILED").error!, isTypeError: false, name: "Error" } };
    expect(m.toRefuseAsDocumentedOrProceed(snapshotRejects, "snapshot").pass).toBe(true);
  });
  it("fails a refusal on the wrong channel or without its own code, and a sync method that returns a Promise", () => {
    expect(m.toRefuseAsDocumentedOrProceed(resolved({ error: "bad", error_code: "EGO_INVALID_ARGUMENT" }), "listTabs").pass).toBe(false);
    expect(m.toRefuseAsDocumentedOrProceed(typeError("EGO_INVALID_ARGUMENT", false), "listTabs").pass).toBe(false);
    expect(m.toRefuseAsDocumentedOrProceed({ ...typeError(undefined), error: { ...typeError(undefined).error!, isTypeError: false, name: "Error" } }, "useTaskSpace").pass).toBe(false);
    expect(m.toRefuseAsDocumentedOrProceed(resolved(1.5), "useTaskSpace").pass).toBe(false);
    expect(m.toRefuseAsDocumentedOrProceed({ ...typeError("EGO_SNAPSHOT_FAILED"), channel: "rejected", promise: true }, "listTabs").pass).toBe(false);
    expect(m.toRefuseAsDocumentedOrProceed(resolved({ error: "bad" }), "createTab").pass).toBe(false);
  });
});
