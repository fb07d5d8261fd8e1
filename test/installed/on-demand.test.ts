// "The harness starts it when a run needs it": an installed run against a fake ego-browser whose
// app is not running starts that app for the run and stops it afterwards; a CLI that is not one
// of ours is never acted on.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fakeAppStatus } from "../../fake-bridge/server/control.js";
import { installFakeEgoLite } from "../../fake-bridge/server/install.js";
import { fakeAppDirOf } from "../../src/targets/fake/fake-app-on-demand.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await fakeAppStatus({ dir: join(root, "app") }).then((s) => expect(s.running).toBe(false));
});

describe("an installed run against a fake whose app is not running", () => {
  it("starts the app for the run and stops it afterwards", { timeout: 120_000 }, async () => {
    const root = await tempDir("on-demand");
    roots.push(root);
    const appDir = join(root, "app");
    const installed = await installFakeEgoLite({ dir: join(root, "bin"), appDir });
    expect(await fakeAppDirOf(installed.cliPath)).toBe(appDir);
    expect((await fakeAppStatus({ dir: appDir })).running).toBe(false);
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", installed.cliPath, "--area", "task-state", "--json", "--no-report", "--results", join(root, "results"), "--outcomes", join(root, "outcomes.json")], {
      env: cliEnv({ home: root }),
    });
    expect(run.exitCode, run.stderr).toBe(0);
    // the two task-state clauses, and the safety clause every installed run adds
    expect((JSON.parse(run.stdout) as JsonSummary).totals).toMatchObject({ passed: 3, failed: 0, broken: 0, unknown: 0 });
    expect((await fakeAppStatus({ dir: appDir })).running, "stopped after the run").toBe(false);
  });

  it("leaves any other CLI alone", async () => {
    const root = await tempDir("not-ours");
    const other = join(root, "ego-browser");
    await writeFile(other, "#!/bin/sh\nexec /opt/ego/ego-browser \"$@\"\n", { mode: 0o755 });
    expect(await fakeAppDirOf(other)).toBeUndefined();
    expect(await fakeAppDirOf(join(root, "missing"))).toBeUndefined();
  });
});
