// The installed fake `ego-browser` behaves like the real launcher: script on stdin or -e, top-level
// await, no environment forwarded, another working directory, --sdk-path loaded first, a bundled
// SDK that wraps, the exit quirk, and the binding's synchronous channels inside the process.
import { writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFakeEgoLite } from "../../fake-bridge/server/install.js";
import { fakeInstall, lastJson, runLauncher, type FakeInstall } from "./support.js";

let fake: FakeInstall;
const APP_TMPDIR = "/app-side-tmp";
beforeAll(async () => {
  // the app's environment, as `fake start` would have been given it
  fake = await fakeInstall({ server: { scriptEnv: { HOME: homedir(), PATH: process.env.PATH!, TMPDIR: APP_TMPDIR, EGO_CONFORMANCE_APP_PROBE: "app-side" } } });
});
afterAll(async () => fake?.close());

const RAW_SDK = join(import.meta.dirname, "../../src/targets/cli/raw-bridge-sdk.mjs");

describe("running a script", () => {
  it("reads the script from stdin and runs it with top-level await and dynamic import", async () => {
    const r = await runLauncher(fake.cli, ["nodejs"], {
      input: `const fs = await import("node:fs/promises");\nconst v = await ego.getBrowserVersion();\nconsole.log(JSON.stringify({ readFile: typeof fs.readFile, v }));`,
    });
    expect(r.exitCode).toBe(0);
    expect(lastJson(r.stdout)).toEqual({ readFile: "function", v: { currentVersion: fake.server.describe().version, updateAvailable: false } });
  });

  it("runs -e CODE without reading stdin", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", "console.log(JSON.stringify({ ego: typeof ego }))"]);
    expect(r.exitCode).toBe(0);
    expect(lastJson(r.stdout)).toEqual({ ego: "object" });
  });

  it("does not forward the caller's environment: the script, the app's child, sees the app's environment", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", "console.log(JSON.stringify({ keys: Object.keys(process.env), TMPDIR: process.env.TMPDIR, app: process.env.EGO_CONFORMANCE_APP_PROBE }))"], {
      env: { EGO_CONFORMANCE_SECRET_PROBE: "must-not-leak", NODE_OPTIONS: "--max-old-space-size=64", PATH: process.env.PATH!, TMPDIR: "/caller-tmp" },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const seen = lastJson(r.stdout);
    expect(seen.keys, "none of the caller's own variables").not.toContain("EGO_CONFORMANCE_SECRET_PROBE");
    expect(seen.keys).not.toContain("NODE_OPTIONS");
    expect(seen.app, "the app's own variable").toBe("app-side");
    expect(seen.TMPDIR, "the app's TMPDIR, so the runtime's screenshots and downloads go where the app was told").toBe(APP_TMPDIR);
  });

  it("runs the script in the app's working directory, not the caller's", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", "console.log(JSON.stringify(process.cwd()))"], { cwd: fake.root });
    expect(r.exitCode).toBe(0);
    expect(lastJson(r.stdout)).toBe(fake.installed.config.workDir);
    expect(lastJson(r.stdout)).not.toBe(fake.root);
  });

  it("keeps browser-side state across invocations, selection local to each", async () => {
    const first = await runLauncher(fake.cli, ["nodejs", "--sdk-path", RAW_SDK], {
      input: `const s = await ego.createTaskSpace("launcher shared state"); ego.useTaskSpace(s.id); console.log(JSON.stringify({ id: s.id, tabs: await ego.listTabs() }));`,
    });
    const { id, tabs } = lastJson(first.stdout);
    expect(tabs.tabs).toHaveLength(1);
    const second = await runLauncher(fake.cli, ["nodejs", "--sdk-path", RAW_SDK], {
      input: `const listed = await ego.listTaskSpaces(); console.log(JSON.stringify({ ids: listed.taskSpaces.map((s) => s.id), tabs: await ego.listTabs() }));`,
    });
    const seen = lastJson(second.stdout);
    expect(seen.ids).toContain(id);
    expect(seen.tabs).toMatchObject({ error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
  });

  it("reports a script error on stderr with exit status 1", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", "throw new Error('script failed on purpose')"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("script failed on purpose");
  });

  it("passes process.exit(n) through as its exit status", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", "process.exit(5)"]);
    expect(r.exitCode).toBe(5);
  });
});

describe("the SDK", () => {
  it("imports the --sdk-path module before the script, and does not wrap with it", async () => {
    const sdk = join(fake.root, "probe-sdk.mjs");
    await writeFile(sdk, "globalThis.sdkSawEgo = typeof globalThis.ego;\n");
    const r = await runLauncher(fake.cli, ["nodejs", "--sdk-path", sdk, "-e", "console.log(JSON.stringify({ saw: globalThis.sdkSawEgo, wrapped: Boolean(ego[Symbol.for('egoBrowser.sdkWrapped')]) }))"]);
    expect(r.exitCode).toBe(0);
    expect(lastJson(r.stdout)).toEqual({ saw: "object", wrapped: false });
  });

  it("without --sdk-path loads the bundled SDK, which wraps the object (research 1.8)", async () => {
    const r = await runLauncher(fake.cli, ["nodejs"], {
      input: `
        const rejected = await ego.createTaskSpace().then(() => "resolved", (e) => e.error_code);
        console.log(JSON.stringify({
          wrapped: ego[Symbol.for("egoBrowser.sdkWrapped")] === true,
          helpers: typeof ego.helpers, learnings: Array.isArray(ego.learnings),
          globalListTabsIsHelper: globalThis.listTabs === ego.helpers.listTabs,
          globalCreateTab: typeof globalThis.createTab,
          createRejectsInsteadOfThrowing: rejected,
        }));`,
    });
    expect(r.exitCode).toBe(0);
    expect(lastJson(r.stdout)).toEqual({
      wrapped: true,
      helpers: "object",
      learnings: true,
      globalListTabsIsHelper: true,
      globalCreateTab: "function",
      createRejectsInsteadOfThrowing: "EGO_INVALID_ARGUMENT",
    });
  });
});

describe("install-time behaviours", () => {
  it("with exitQuirk prints `ego's nodejs process exited with code N` and exits 0", async () => {
    const quirky = await fake.install({ exitQuirk: true });
    const exited = await runLauncher(quirky.cliPath, ["nodejs", "-e", "process.exit(3)"]);
    expect(exited.exitCode).toBe(0);
    expect(exited.stdout).toContain("ego's nodejs process exited with code 3");
    const threw = await runLauncher(quirky.cliPath, ["nodejs", "-e", "throw new Error('x')"]);
    expect(threw.exitCode).toBe(0);
    expect(threw.stdout).toContain("ego's nodejs process exited with code 1");
    const fine = await runLauncher(quirky.cliPath, ["nodejs", "-e", "1"]);
    expect(fine.exitCode).toBe(0);
    expect(fine.stdout).not.toContain("exited with code");
  });

  it("with rejectSdkPath rejects --sdk-path as an unknown option, like old builds", async () => {
    const old = await fake.install({ rejectSdkPath: true });
    const r = await runLauncher(old.cliPath, ["nodejs", "--sdk-path", RAW_SDK, "-e", "1"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/unknown option '--sdk-path'/);
    expect((await runLauncher(old.cliPath, ["nodejs", "-e", "console.log('ran')"])).stdout).toContain("ran");
  });

  it("with hang never answers", async () => {
    const hung = await fake.install({ hang: true });
    const r = await runLauncher(hung.cliPath, ["nodejs", "-e", "console.log('ran')"], { timeoutMs: 700 });
    expect(r.timedOut).toBe(true);
    expect(r.stdout).toBe("");
  });

  it("knows unknown commands and options", async () => {
    expect((await runLauncher(fake.cli, ["skill"])).stderr).toContain("Unknown command: skill");
    expect((await runLauncher(fake.cli, ["nodejs", "--bogus"])).stderr).toContain("unknown option '--bogus'");
    expect((await runLauncher(fake.cli, ["--help"])).stdout).toContain("nodejs");
  });

  it("says so when its app is not running", async () => {
    const nowhere = await installFakeEgoLite({ dir: join(fake.root, "nowhere"), appDir: join(fake.root, "no-app") });
    const r = await runLauncher(nowhere.cliPath, ["nodejs", "-e", "console.log('ran')"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("not running");
    expect(r.stdout).not.toContain("ran");
  });
});

describe("the binding inside the launcher keeps the contract's synchronous channels", () => {
  it("useTaskSpace returns synchronously, invalid arguments throw a TypeError with an own error_code, sendCDPMessage returns undefined and answers later", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "--sdk-path", RAW_SDK], {
      input: `
        const s = await ego.createTaskSpace("sync channels");
        const used = ego.useTaskSpace(s.id);
        let thrown;
        try { ego.createTaskSpace(42); } catch (e) { thrown = { type: e instanceof TypeError, own: Object.prototype.hasOwnProperty.call(e, "error_code"), code: e.error_code }; }
        const events = [];
        ego.onCDPMessage = (m) => events.push(JSON.parse(m).id);
        const sent = ego.sendCDPMessage(JSON.stringify({ id: 9, method: "Browser.getVersion" }));
        events.push("returned");
        await new Promise((r) => setTimeout(r, 50));
        await ego.closeTaskSpace();
        console.log(JSON.stringify({ usedIsPromise: used instanceof Promise, used, thrown, sent: sent === undefined, events }));`,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const seen = lastJson(r.stdout);
    expect(seen).toMatchObject({ usedIsPromise: false, thrown: { type: true, own: true, code: "EGO_INVALID_ARGUMENT" }, sent: true, events: ["returned", 9] });
  });

  it("answers synchronously where a mutant says so (sync-cdp-error-callback, through a blocking round trip)", async () => {
    const mutated = await fakeInstall({ server: { mutants: ["sync-cdp-error-callback"] } });
    try {
      const r = await runLauncher(mutated.cli, ["nodejs", "--sdk-path", RAW_SDK], {
        input: `
          const events = [];
          ego.onSendCDPMessageError = (message, code) => events.push(code);
          ego.sendCDPMessage(JSON.stringify({ id: 1, method: "Target.getTargets" }));
          events.push("returned");
          console.log(JSON.stringify(events));`,
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(lastJson(r.stdout)).toEqual(["EGO_TASK_SPACE_NOT_SELECTED", "returned"]);
    } finally {
      await mutated.close();
    }
  });
});
