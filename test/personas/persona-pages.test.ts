// Every persona on real pages, for every clause that needs them: the persona self-tests
// of ./persona-runs.test.ts run the whole catalogue on the page model, where these clauses are not
// applicable, so a probe that only a real page exercises (user-control.prompt.*, which recognised
// "blocked" by error_code alone) went unjudged there and the default matrix was red on a clean fake.
// Ungated, each persona alone, only the page clauses: exactly its predicted clauses fail, and no
// result has a gate gap (src/harness/feature-reads.ts).
// Cost (2 cores shared with other work, measured): one run 35 s alone; all thirteen, two at a
// time, a few minutes. Six real-page runs at once timed out clauses that pass alone.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { PERSONAS } from "../../src/contract/personas.js";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { gateGaps } from "../support/gate-gaps.js";
import { tempDir } from "../support/temp-dir.js";
import { needsPages, predictedAmong } from "./exemptions.js";

// in process, as every persona runs here: a page clause that also needs a launcher runs only on installed targets
const PAGE_CLAUSES = CATALOGUE.filter((c) => needsPages(c) && !(c.needs ?? []).includes("launcher"));
/** matched against the id or the title; every page clause by its literal id */
const GREP = `^(${PAGE_CLAUSES.map((c) => c.id.replace(/\./g, "\\.")).join("|")})`;
// two runs go side by side: one clause file at a time each spends less CPU than two (docs/speed.md)
const FLAGS = ["--pages", "chromium", "--grep", GREP, "--workers", "1"];

const statusOf = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

/** Whether this machine gives the fake real pages: without Chromium the page clauses cannot run, and the check is skipped, never passed. */
const hasPages = (summary: JsonSummary) => summary.clauses.some((c) => c.status !== "not-applicable");

/** Runs `jobs` at most `width` at a time (the machine has two cores; more real-page runs at once time out under load). */
async function inTurns<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const at = next++;
      out[at] = await jobs[at]!();
    }
  }));
  return out;
}

describe("every persona on real pages, the clauses that need them", () => {
  // Gated is not run again here: gating only ever skips (./persona-runs.test.ts checks, for every
  // persona, that exactly the clauses needing a feature it lacks are skipped), and the ungated run
  // below proves every other page clause holds, so the gated run of these clauses is clean.
  it("ungated, each persona fails exactly the page clauses its difference predicts, two runs at a time", { timeout: 900_000 }, async ({ skip }) => {
    const once = async (persona: (typeof PERSONAS)[number], attempt: number) => {
      const results = await tempDir(`persona-pages-${persona.name}-${attempt}`);
      const run = await runCli(["run", "--persona", persona.name, "--ungated", ...FLAGS, "--json", "--no-report", "--no-expectations", "--results", results, "--outcomes", `${await tempDir("o")}/outcomes.json`], { timeoutMs: 600_000 });
      const summary = JSON.parse(run.stdout) as JsonSummary;
      return { persona, run, summary, gaps: await gateGaps(results) };
    };
    // A run whose every clause is broken lost its browser (measured on the shared machine: Chromium
    // gone under load, the whole run broken); that is the infrastructure, never a verdict, so such a
    // run is made once more. Any other outcome stands as it is.
    const allBroken = (s: JsonSummary) => s.clauses.length > 0 && s.clauses.every((c) => c.status === "broken");
    const seen = await inTurns(PERSONAS.map((persona) => async () => {
      const first = await once(persona, 1);
      return allBroken(first.summary) ? once(persona, 2) : first;
    }), 2);
    if (!seen.some((s) => hasPages(s.summary))) skip("the fake has no real pages here (no Chromium)");
    const wrong = seen.flatMap(({ persona, run, summary, gaps }) => {
      const predicted = predictedAmong(persona, PAGE_CLAUSES);
      // a clause that stands on another one's rule ends precondition-failed: still one of the predicted
      const judged = [...statusOf(summary, "failed"), ...statusOf(summary, "precondition-failed"), ...statusOf(summary, "broken")].sort();
      const problems = [
        run.exitCode === (predicted.length ? 1 : 0) ? null : `exit ${run.exitCode}: ${run.stderr.slice(-400)}`,
        JSON.stringify(judged) === JSON.stringify(predicted) ? null : `did not pass: ${judged.join(", ") || "none"}; predicted: ${predicted.join(", ") || "none"}`,
        statusOf(summary, "broken").length ? `broken: ${statusOf(summary, "broken").join(", ")}` : null,
        statusOf(summary, "unknown").length ? `unknown: ${statusOf(summary, "unknown").join(", ")}` : null,
        statusOf(summary, "not-applicable").length ? `not applicable although ungated: ${statusOf(summary, "not-applicable").join(", ")}` : null,
        gaps.length ? `gate gaps: ${gaps.join("; ")}` : null,
      ].filter((p): p is string => p !== null);
      return problems.map((p) => `${persona.name}: ${p}`);
    });
    expect(wrong).toEqual([]);
  });
});
