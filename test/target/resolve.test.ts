// resolveTarget: the installed target needs detection first; the fake is the newest build, a
// persona or a version, and unknown names are unavailable targets (not harness crashes).
import { describe, expect, it } from "vitest";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { RunConfig } from "../../src/harness/run-config.js";
import { resolveTarget, TargetUnavailableError } from "../../src/targets/choose/resolve.js";

const config = (over: Record<string, unknown>) => RunConfig.parse({ runId: "resolve-test", pages: "model", ...over });

describe("resolveTarget", () => {
  it("opens the fake as the newest build by default", async () => {
    const target = await resolveTarget(config({}));
    try {
      expect(target.info.egoVersionText).toBe(NEWEST_BUILD.version);
      expect([...target.info.features].sort()).toEqual([...NEWEST_BUILD.features].sort());
    } finally {
      await target.close();
    }
  });

  it("opens a persona's build", async () => {
    const target = await resolveTarget(config({ persona: "pre-browser-version" }));
    try {
      expect(target.info.egoVersionText).toBe("0.4.4.0");
      expect(target.info.features.has("browser-version")).toBe(false);
    } finally {
      await target.close();
    }
  });

  it.each([
    ["an unknown persona", { persona: "nobody" }, /persona/],
    ["an unknown mutant", { mutants: ["nope"] }, /unknown mutant 'nope'/],
    ["an installed target without detection", { target: "installed" }, /needs detection first/],
  ])("refuses %s as an unavailable target", async (_, over, message) => {
    const attempt = resolveTarget(config(over));
    await expect(attempt).rejects.toThrow(TargetUnavailableError);
    await expect(attempt).rejects.toThrow(message);
  });
});
