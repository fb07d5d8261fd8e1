// The README's JSON recipe, typed as it is written there: its stdout must be the run's JSON, with
// nothing of npm's around it (a banner would make `| jq` fail). The slice and the scratch outputs
// are appended; the recipe's own words are taken from the README.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, type JsonSummary } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** The README's command line that prints the run's JSON (its comment cut off). */
function jsonRecipe(): string {
  const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
  const line = readme.split("\n").find((l) => /^npm run .*conformance -- .*--json/.test(l));
  if (line === undefined) throw new Error("the README has no `npm run ... conformance -- ... --json` recipe");
  return line.replace(/\s+#.*$/, "").trim();
}

describe("the README's JSON recipe", () => {
  it("prints JSON alone on stdout", { timeout: 120_000 }, async () => {
    const dir = await tempDir("readme-json-recipe");
    const slice = `--area task-context --pages model --results ${join(dir, "results")} --outcomes ${join(dir, "outcomes.json")}`;
    const run = await execa("bash", ["-c", `${jsonRecipe()} ${slice}`], { cwd: PROJECT_ROOT, reject: false, timeout: 110_000, stdin: "ignore" });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.length).toBeGreaterThan(0);
  });
});
