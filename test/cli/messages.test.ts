// Messages: each bad input gets one paragraph and exit 2, naming the command and the
// input, with no stack trace unless --debug, ending with "see `ego-conformance help <command>`".
// `help <command>` prints that command's usage. And `fake install` never replaces an app or a CLI
// it did not install, unless --force.
import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_BUNDLE_NAME } from "../../fake-bridge/server/install.js";
import { runCli, STACK_LINE } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

function expectParagraph(run: { exitCode?: number; stderr: string }, command: string, input: string | RegExp): void {
  expect(run.exitCode, run.stderr).toBe(2);
  expect(run.stderr.startsWith(`ego-conformance ${command}: `), run.stderr).toBe(true);
  if (typeof input === "string") expect(run.stderr).toContain(input);
  else expect(run.stderr).toMatch(input);
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toMatch(/Usage:/);
  // under "help" itself (an unknown command or topic) the pointer is to the list: `ego-conformance help`
  const topic = command.split(" ")[0];
  expect(run.stderr).toMatch(new RegExp(topic === "help" ? "see `ego-conformance help`$" : `see \`ego-conformance help ${topic}\``, "m"));
}

describe("bad input: one paragraph, exit 2, no stack trace", { timeout: 120_000 }, () => {
  it("run --target installed with a missing --ego-browser", async () => {
    const run = await runCli(["run", "--target", "installed", "--ego-browser", "/nonexistent/ego-browser", "--no-report", "--results", await tempDir("msg")]);
    expectParagraph(run, "run", "/nonexistent/ego-browser");
    expect(run.stderr).not.toMatch(/the run could not be made/);
  });

  it("run --target installed with a non-executable --ego-browser", async () => {
    const dir = await tempDir("msg");
    const cli = join(dir, "ego-browser");
    await writeFile(cli, "#!/bin/sh\n");
    await chmod(cli, 0o644);
    const run = await runCli(["run", "--target", "installed", "--ego-browser", cli, "--no-report", "--results", join(dir, "r")]);
    expectParagraph(run, "run", cli);
    expect(run.stderr).toMatch(/not an executable file/);
  });

  it("run --expectations naming an invalid file: the file and the path inside it", async () => {
    const dir = await tempDir("msg");
    const file = join(dir, "expectations.json");
    await writeFile(file, JSON.stringify({ entries: [{ clause: "tabs.list.shape", expected: "failed" }] }));
    const run = await runCli(["run", "--expectations", file, "--no-report", "--results", join(dir, "r")]);
    expectParagraph(run, "run", file);
    expect(run.stderr).toMatch(/entry #1: expected: .*array/);
    expect(existsSync(join(dir, "r"))).toBe(false); // refused before the run
  });

  it("a second fake start on the same directory", async () => {
    const dir = join(await tempDir("msg"), "app");
    const first = await runCli(["fake", "start", "--dir", dir]);
    try {
      expect(first.exitCode, first.stderr).toBe(0);
      const second = await runCli(["fake", "start", "--dir", dir]);
      expectParagraph(second, "fake start", /already running in .*app/);
    } finally {
      await runCli(["fake", "stop", "--dir", dir]);
    }
  });

  it("sweep on a browser that never answers names sweep, not a run", async () => {
    const dir = await tempDir("msg");
    const install = await runCli(["fake", "install", dir, "--hang", "--dir", join(dir, "app")]);
    expect(install.exitCode, install.stderr).toBe(0);
    const sweep = await runCli(["sweep", "--ego-browser", join(dir, "ego-browser"), "--probe-timeout", "1000"]);
    expectParagraph(sweep, "sweep", /'sweep' could not be completed: .*1000 ms/);
    expect(sweep.stderr).not.toMatch(/the run could not be made/);
  });

  it("--debug adds the stack trace", async () => {
    const run = await runCli(["sweep", "--debug", "--ego-browser", "/nonexistent/ego-browser"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("/nonexistent/ego-browser");
    expect(run.stderr).toMatch(STACK_LINE);
  });

  it("help <command> prints that command's usage, not all of it", async () => {
    const help = await runCli(["help", "sweep"]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/ego-conformance sweep/);
    expect(help.stdout).toMatch(/^sweep options:/m);
    expect(help.stdout).not.toMatch(/^run options:/m);
    const unknown = await runCli(["help", "nowhere"]);
    expectParagraph(unknown, "help", "nowhere");
  });
});

describe("fake install never replaces what it did not install", { timeout: 120_000 }, () => {
  it("refuses an existing foreign app bundle and CLI, saying what it would replace; --force replaces them", async () => {
    const dir = await tempDir("install");
    const bundle = join(dir, APP_BUNDLE_NAME);
    await mkdir(join(bundle, "Contents"), { recursive: true });
    await writeFile(join(bundle, "Contents", "Info.plist"), "the real app");
    await writeFile(join(dir, "ego-browser"), "#!/bin/sh\necho the real cli\n", { mode: 0o755 });
    const refused = await runCli(["fake", "install", dir, "--app-bundle", "xml", "--dir", join(dir, "app")]);
    expectParagraph(refused, "fake install", `the app bundle ${bundle}`);
    expect(refused.stderr).toContain(`the CLI ${join(dir, "ego-browser")}`);
    expect(refused.stderr).toMatch(/--force/);
    expect(await readFile(join(bundle, "Contents", "Info.plist"), "utf8")).toBe("the real app");
    expect(await readFile(join(dir, "ego-browser"), "utf8")).toContain("the real cli");
    expect(existsSync(join(dir, ".ego-browser"))).toBe(false);

    const forced = await runCli(["fake", "install", dir, "--app-bundle", "xml", "--dir", join(dir, "app"), "--force"]);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(await readFile(join(bundle, "Contents", "Info.plist"), "utf8")).toContain("com.citrolabs.ego.lite");
  });

  it("refuses a foreign CLI without an app bundle too, and reinstalls over its own install", async () => {
    const dir = await tempDir("install");
    await writeFile(join(dir, "ego-browser"), "#!/bin/sh\necho mine\n", { mode: 0o755 });
    expectParagraph(await runCli(["fake", "install", dir, "--dir", join(dir, "app")]), "fake install", join(dir, "ego-browser"));
    const other = await tempDir("install");
    for (const args of [["--app-bundle", "binary"], ["--app-bundle", "xml"], []]) {
      const again = await runCli(["fake", "install", other, "--dir", join(other, "app"), ...args]);
      expect(again.exitCode, again.stderr).toBe(0);
    }
  });

  // DIR/.ego-browser gets the same rule: written only when it is missing, empty or
  // carries the install's marker (an install from before the marker: beside our own CLI, holding
  // only what an install writes), never through a symbolic link, and --force does not change that
  it("refuses a DIR/.ego-browser of someone else's files, even with --force, and leaves them alone", async () => {
    const dir = await tempDir("install");
    const runtime = join(dir, ".ego-browser");
    await mkdir(join(runtime, "sdk"), { recursive: true });
    await writeFile(join(runtime, "config.json"), "my settings");
    await writeFile(join(runtime, "launcher.mjs"), "my launcher");
    await writeFile(join(runtime, "sdk", "index.mjs"), "my sdk");
    for (const force of [[], ["--force"]]) {
      const refused = await runCli(["fake", "install", dir, "--dir", join(dir, "app"), ...force]);
      expectParagraph(refused, "fake install", runtime);
      expect(await readFile(join(runtime, "config.json"), "utf8")).toBe("my settings");
      expect(await readFile(join(runtime, "launcher.mjs"), "utf8")).toBe("my launcher");
      expect(await readFile(join(runtime, "sdk", "index.mjs"), "utf8")).toBe("my sdk");
      expect(existsSync(join(dir, "ego-browser"))).toBe(false);
    }
  });

  it("never writes through a symbolic link: DIR/.ego-browser, or a file inside its own install", async () => {
    const dir = await tempDir("install");
    const elsewhere = await tempDir("install-elsewhere");
    await writeFile(join(elsewhere, "config.json"), "my settings");
    await symlink(elsewhere, join(dir, ".ego-browser"));
    for (const force of [[], ["--force"]]) {
      const refused = await runCli(["fake", "install", dir, "--dir", join(dir, "app"), ...force]);
      expectParagraph(refused, "fake install", /symbolic link/);
      expect(await readdir(elsewhere)).toEqual(["config.json"]);
      expect(await readFile(join(elsewhere, "config.json"), "utf8")).toBe("my settings");
    }
    // its own install, with config.json replaced by a link to a user's file: the link is replaced, the file kept
    const own = await tempDir("install");
    expect((await runCli(["fake", "install", own, "--dir", join(own, "app")])).exitCode).toBe(0);
    await rm(join(own, ".ego-browser", "config.json"));
    await symlink(join(elsewhere, "config.json"), join(own, ".ego-browser", "config.json"));
    const again = await runCli(["fake", "install", own, "--dir", join(own, "app")]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(await readFile(join(elsewhere, "config.json"), "utf8")).toBe("my settings");
    expect((await lstat(join(own, ".ego-browser", "config.json"))).isFile()).toBe(true);
  });

  it("installs into an empty DIR/.ego-browser", async () => {
    const dir = await tempDir("install");
    await mkdir(join(dir, ".ego-browser"));
    const installed = await runCli(["fake", "install", dir, "--dir", join(dir, "app")]);
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(existsSync(join(dir, ".ego-browser", "config.json"))).toBe(true);
  });
});
