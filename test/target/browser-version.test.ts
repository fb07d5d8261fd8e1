// The version reader's fallback: missing, failing, malformed and slow bridges are "unavailable",
// never an exception; a good answer is parsed as a four-part version.
import { describe, expect, it } from "vitest";
import { createProbeScope } from "../../src/probe/runtime.js";
import { observeBrowserVersion, readBrowserVersion } from "../../src/targets/browser-version.js";
import type { Session } from "../../src/targets/target.js";

/** A session over a stub `ego`, evaluating probes in-process (what the fake target does). */
function sessionOver(ego: unknown): Session {
  return {
    evaluate: async (fn, ...args) => JSON.parse(JSON.stringify(await (fn as (...a: unknown[]) => unknown)(createProbeScope(ego), ...args))),
    close: async () => {},
  };
}

describe("readBrowserVersion", () => {
  it("reads a good answer and parses the version", async () => {
    const reading = await readBrowserVersion(sessionOver({ getBrowserVersion: async () => ({ currentVersion: " 0.5.0.19 ", updateAvailable: false }) }));
    expect(reading).toMatchObject({ status: "available", currentVersion: "0.5.0.19", updateAvailable: false, version: { text: "0.5.0.19" } });
  });

  it("keeps a non-numeric version as available text with no parsed version", async () => {
    const reading = await readBrowserVersion(sessionOver({ getBrowserVersion: async () => ({ currentVersion: "ego-windows-host", updateAvailable: false }) }));
    expect(reading).toMatchObject({ status: "available", currentVersion: "ego-windows-host", version: null });
  });

  it.each([
    ["a missing method", {}, /not a function/],
    ["a method that throws", { getBrowserVersion: () => { throw new Error("boom"); } }, /failed/],
    ["a rejected call", { getBrowserVersion: () => Promise.reject(new Error("offline")) }, /failed/],
    ["a Linux-port shape", { getBrowserVersion: async () => ({ version: "1", revision: "x", linuxPort: true }) }, /invalid result/],
    ["a blank version", { getBrowserVersion: async () => ({ currentVersion: "  ", updateAvailable: false }) }, /invalid result/],
    ["a truthy but non-boolean updateAvailable", { getBrowserVersion: async () => ({ currentVersion: "0.5.0.5", updateAvailable: "yes" }) }, /invalid result/],
    ["a non-object result", { getBrowserVersion: async () => "0.5.0.5" }, /invalid result/],
  ])("turns %s into unavailable", async (_, ego, reason) => {
    const reading = await readBrowserVersion(sessionOver(ego));
    expect(reading.status).toBe("unavailable");
    expect(reading.status === "unavailable" && reading.reason).toMatch(reason);
  });

  it("bounds a call that never answers", async () => {
    const reading = await readBrowserVersion(sessionOver({ getBrowserVersion: () => new Promise(() => {}) }), 30);
    expect(reading).toEqual({ status: "unavailable", reason: "getBrowserVersion did not answer within 30 ms" });
  });

  it("survives a target that cannot run the probe at all", async () => {
    const broken: Session = { evaluate: async () => { throw new Error("launcher crashed"); }, close: async () => {} };
    expect(await readBrowserVersion(broken)).toEqual({ status: "unavailable", reason: "could not ask the target: launcher crashed" });
  });

  it("is a self-contained probe", () => {
    expect(() => new Function(`return (${observeBrowserVersion.toString()})`)()).not.toThrow();
  });
});
