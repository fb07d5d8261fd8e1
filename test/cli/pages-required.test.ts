// `--pages chromium` asks for real pages, and so does a CHROMIUM_PATH: with no browser found there,
// run and matrix refuse (exit 2) and print the install command, instead of falling back to the page
// model (which the default does when nothing names a browser).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const NO_BROWSER = { ...process.env, CHROMIUM_PATH: "/no/such/chromium" } as Record<string, string>;

describe("--pages chromium with no browser found", () => {
  it("run exits 2 with the install command, and starts nothing", { timeout: 60_000 }, async () => {
    const dir = await tempDir("pages-required");
    const run = await runCli(["run", "--pages", "chromium", "--no-report", "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json")], { env: NO_BROWSER });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain("apt-get install -y chromium-headless-shell");
    expect(run.stderr).toMatch(/--pages chromium/);
    expect(run.stdout).not.toMatch(/PASSED/);
  });

  it("a CHROMIUM_PATH that is not a browser is asked for by name too: the default run exits 2, not the page model", { timeout: 60_000 }, async () => {
    const dir = await tempDir("pages-required-env");
    const run = await runCli(["run", "--area", "tabs", "--no-report", "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json")], { env: NO_BROWSER });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain("CHROMIUM_PATH is /no/such/chromium");
    expect(run.stdout).not.toMatch(/PASSED/);
  });

  it("matrix exits 2 with the install command", { timeout: 60_000 }, async () => {
    const dir = await tempDir("pages-required-matrix");
    const run = await runCli(["matrix", "--pages", "chromium", "--no-allure", "--out", join(dir, "out")], { env: NO_BROWSER });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain("apt-get install -y chromium-headless-shell");
  });
});
