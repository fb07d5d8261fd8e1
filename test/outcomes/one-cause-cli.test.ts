// One cause, said once, end to end: a launcher that rejects the SDK path breaks every clause; the
// terminal names the cause once at the top with the launcher's stderr, --json lists it in problems.
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("a launcher that rejects --sdk-path", () => {
  it("is one cause, said once, with its stderr", { timeout: 120_000 }, async () => {
    const dir = await tempDir("one-cause");
    const cli = join(dir, "ego-browser");
    await writeFile(cli, '#!/bin/sh\necho "error: unknown option --sdk-path" >&2\necho "usage: ego-browser nodejs script.js" >&2\nexit 3\n');
    await chmod(cli, 0o755);
    const args = ["run", "--no-report", "--target", "installed", "--ego-browser", cli, "--outcomes", join(dir, "outcomes.json")];
    const text = await runCli([...args, "--results", join(dir, "text")]);
    expect(text.exitCode, text.stderr).toBe(1);
    const top = text.stdout.slice(0, text.stdout.indexOf("\narea "));
    expect(top).toMatch(/^One cause: (\d+) of the \1 clauses that ran ended broken with the same message: the installed target could not be reached: ego-browser ended before the probe loop connected \(exit status 3\)\. The mechanism: error: unknown option --sdk-path\.\nThe target's stderr begins:\n {2}error: unknown option --sdk-path\n {2}usage: ego-browser nodejs script\.js$/m);
    expect(text.stdout.match(/could not be reached/g)).toHaveLength(2); // the cause, and one grouped line
    const json = await runCli([...args, "--json", "--results", join(dir, "json")]);
    const summary = JSON.parse(json.stdout) as JsonSummary & { problems: string[] };
    expect(summary.problems).toHaveLength(1);
    expect(summary.problems[0]).toMatch(/^one cause: \d+ of the \d+ clauses that ran ended broken .*; the target's stderr begins: error: unknown option --sdk-path \| usage/);
  });
});
