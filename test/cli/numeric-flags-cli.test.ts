// Through the real CLI: `--probe-timeout 1e99` (any value of 2^31 ms or more)
// was once accepted and became 1 ms with Node's TimeoutOverflowWarning; now it is a usage error, exit 2,
// refused before anything is located or started. The full range property is
// test/cli-flags/numeric-ranges.test.ts.
import { describe, expect, it } from "vitest";
import { runCli, STACK_LINE } from "./run-cli.js";

describe("a numeric flag outside its range ends the command with exit 2", { timeout: 60_000 }, () => {
  it.each([
    ["detect", "1e99"],
    ["sweep", "2147483648"],
    ["run", "1e99"],
  ])("%s --probe-timeout %s", async (command, value) => {
    const extra = command === "run" ? ["--target", "installed", "--no-report"] : [];
    const run = await runCli([command, ...extra, "--ego-browser", "/nonexistent/ego-browser", "--probe-timeout", value]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`--probe-timeout must be a whole number from 1 to 2147483647, not '${value}'`);
    expect(run.stderr).not.toMatch(/TimeoutOverflowWarning/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});
