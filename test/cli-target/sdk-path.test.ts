// How the CLI target takes `ego-browser nodejs --sdk-path <raw-bridge module>`, recorded in
// TargetInfo.launch for the clause launcher.sdk-path.loads-module: loaded by the fake's launcher;
// rejected by one that predates the option (then used without it); and, for a launcher whose SDK
// hook works differently (it cannot start with the module), used without it only on evidence:
// a start with the module failed, one without it worked, and a second one with it failed again.
import { afterAll, describe, expect, it } from "vitest";
import { createCliTarget, type CliTarget } from "../../src/targets/cli/cli-target.js";
import { serverOptions } from "../../fake-bridge/server/options.js";
import type { TargetInfo } from "../../src/targets/target.js";
import { fakeInstall, type FakeInstall } from "../fake-server/support.js";

const INFO: TargetInfo = { kind: "installed", name: "fake ego-browser (test)", egoVersion: null, egoVersionText: null, versionSource: "test", features: new Set(), capabilities: new Set() };
const opened: (CliTarget | FakeInstall)[] = [];
afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
});

async function targetOn(app: { mutants?: string[] } = {}, install: { rejectSdkPath?: boolean } = {}): Promise<CliTarget> {
  const fake = await fakeInstall({ server: serverOptions({ mutants: app.mutants ?? [], pages: "model" }), install });
  opened.push(fake);
  const t = createCliTarget({ cliPath: fake.cli, info: { ...INFO }, share: false, prewarm: 0 });
  opened.push(t);
  return t;
}

const loadedInSession = async (t: CliTarget) => {
  const s = await t.openSession();
  try {
    return await s.evaluate(async () => (globalThis as Record<symbol, unknown>)[Symbol.for("egoConformance.rawBridgeSdk")] === true);
  } finally {
    await s.close();
  }
};

describe("the launcher and --sdk-path", () => {
  it("the fake's launcher loads the module: launch says loaded, the object is not wrapped", async () => {
    const t = await targetOn();
    expect(await loadedInSession(t)).toBe(true);
    expect(t.info.launch).toEqual({ sdkPath: "loaded", wrapped: false });
  });

  it("a launcher that predates --sdk-path: rejected, then used without it (the bundled SDK wraps the object)", async () => {
    const t = await targetOn({}, { rejectSdkPath: true });
    expect(await loadedInSession(t)).toBe(false);
    expect(t.info.launch).toMatchObject({ sdkPath: "rejected", wrapped: true, detail: expect.stringMatching(/unknown option/) });
  });

  it("a launcher whose SDK hook differs: failed on evidence (three starts), then used without it, with what the launcher said", async () => {
    const t = await targetOn({ mutants: ["sdk-path-hook-differs"] });
    expect(await loadedInSession(t)).toBe(false);
    expect(t.info.launch).toMatchObject({ sdkPath: "failed", wrapped: true, detail: expect.stringMatching(/cannot load the SDK at .*dist\/out\/index\.js/) });
    // with the module, without it, with it again; the next session reuses or starts without it
    expect(t.stats.started).toBe(3);
    expect(t.warnings.some((w) => w.includes("cannot start with --sdk-path"))).toBe(true);
    expect(await loadedInSession(t)).toBe(false);
    expect(t.stats.started).toBeLessThanOrEqual(4);
  });
});
