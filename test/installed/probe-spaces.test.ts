// Spaces a probe creates are the run's: on a build that accepts invalid
// createTaskSpace names, the argument probes make spaces named `task <id>`, "42" and "" that carry
// no run prefix. The argument clauses own that deviation and fail; the run finds those spaces by
// comparing the listing before and after each probe, records them in the ledger as its own, closes
// them, and never reports them against the user (safety.user-spaces.unchanged passes).
import { describe, expect, it } from "vitest";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, worldLedger, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";
import { whyBroken } from "../support/why-broken.js";

const world = worldsClosedAfterAll();

describe("spaces a probe creates on a lenient build", () => {
  it("fail only the argument clauses, are closed, and are never the user's", { timeout: 120_000 }, async () => {
    const w = await world({ app: { mutants: ["create-accepts-invalid-names"], pages: "model" } });
    const user = await w.operator.createUserSpace("Groceries");
    const results = await tempDir("inst-probe-spaces");
    const run = await egoConformance(
      ["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "arguments", "--grep", "createTaskSpace", "--json", "--no-report", "--results", results],
      { env: cliEnv(w) },
    );
    expect(run.exitCode, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    const having = (status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();
    expect(having("failed")).toEqual(["arguments.createTaskSpace.name-empty", "arguments.createTaskSpace.name-missing", "arguments.createTaskSpace.name-not-a-string"]);
    // broken once at load in CI (arguments.createTaskSpace.no-space-on-throw), not reproduced since: the message says why
    expect(having("broken"), await whyBroken(results)).toEqual([]);
    expect(having("precondition-failed")).toEqual([]);
    expect(summary.clauses.find((c) => c.id === "safety.user-spaces.unchanged")?.status).toBe("passed");
    // nothing the run made is left: only the user's Space
    expect((await w.operator.listSpaces()).map((s) => [s.id, s.name])).toEqual([[user.id, "Groceries"]]);
    // the ledger records the spaces that appeared as the run's
    const runId = [...worldLedger(w.home).read().runs.keys()].at(-1)!;
    // (workers share the browser: a space that appears while two tests probe is recorded by both)
    const appeared = worldLedger(w.home).read().appearedOf(runId);
    const shapes = new Set(appeared.map((s) => (/^task \d+$/.test(s.name) ? "task <id>" : s.name)));
    expect([...shapes].sort()).toEqual(["", "42", "task <id>"]);
  });
});
