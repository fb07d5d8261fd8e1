// Every persona on real pages, for every clause that needs them: the persona self-tests
// of ./persona-runs.test.ts run the whole catalogue on the page model, where these clauses are not
// applicable, so a probe that only a real page exercises (user-control.prompt.*, which recognised
// "blocked" by error_code alone) went unjudged there and the default matrix was red on a clean fake.
// Ungated, each persona alone, only the page clauses: exactly its predicted clauses fail, and no
// result has a gate gap (src/harness/feature-reads.ts).
// All thirteen personas are the targets of one matrix (its fake targets two at a time, in one
// vitest whose workers are kept from target to target), each read from its outcomes and results
// in the bundle. What that costs against one run per persona: docs/speed.md.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { PERSONAS } from "../../src/contract/personas.js";
import { gateGaps } from "../support/gate-gaps.js";
import { needsPages, predictedAmong } from "./exemptions.js";
import { notRan, personaMatrix, statusOf, type PersonaTarget } from "./persona-matrix.js";

// in process, as every persona runs here: a page clause that also needs a launcher runs only on installed targets
const PAGE_CLAUSES = CATALOGUE.filter((c) => needsPages(c) && !(c.needs ?? []).includes("launcher"));
/** matched against the id or the title; every page clause by its literal id */
const GREP = `^(${PAGE_CLAUSES.map((c) => c.id.replace(/\./g, "\\.")).join("|")})`;
// the matrix runs two targets side by side with one clause-file worker each (src/matrix/run-targets.ts)
const FLAGS = ["--ungated", "--pages", "chromium", "--grep", GREP, "--no-expectations"];
/** a bound on one matrix of all the personas, and on the second one of those whose browser was lost */
const MATRIX_TIMEOUT_MS = 720_000;
const RETRY_TIMEOUT_MS = 600_000;

/** Whether this machine gives the fake real pages: without Chromium the page clauses cannot run, and the check is skipped, never passed. */
const hasPages = (t: PersonaTarget) => t.ran && Object.values(t.outcomes.clauses).some((c) => c.status !== "not-applicable");

// A target whose every clause is broken lost its browser (measured on the shared machine: Chromium
// gone under load, the whole run broken); that is the infrastructure, never a verdict, so such a
// persona is run once more, in a second matrix of just those. Any other outcome stands as it is.
const allBroken = (t: PersonaTarget) => t.ran && Object.keys(t.outcomes.clauses).length > 0 && Object.values(t.outcomes.clauses).every((c) => c.status === "broken");

describe("every persona on real pages, the clauses that need them", () => {
  // Gated is not run again here: gating only ever skips (./persona-runs.test.ts checks, for every
  // persona, that exactly the clauses needing a feature it lacks are skipped), and the ungated run
  // below proves every other page clause holds, so the gated run of these clauses is clean.
  it("ungated, each persona fails exactly the page clauses its difference predicts, all in one matrix", { timeout: MATRIX_TIMEOUT_MS + RETRY_TIMEOUT_MS + 60_000 }, async ({ skip }) => {
    const first = await personaMatrix(PERSONAS.map((p) => p.name), FLAGS, "persona-pages-1", MATRIX_TIMEOUT_MS);
    const lost = PERSONAS.filter((p) => allBroken(first.get(p.name)!)).map((p) => p.name);
    const again = lost.length > 0 ? await personaMatrix(lost, FLAGS, "persona-pages-2", RETRY_TIMEOUT_MS) : new Map<string, PersonaTarget>();
    const seen = PERSONAS.map((persona) => ({ persona, target: again.get(persona.name) ?? first.get(persona.name)! }));
    if (!seen.some(({ target }) => hasPages(target))) skip("the fake has no real pages here (no Chromium)");
    const wrong = (await Promise.all(seen.map(async ({ persona, target }) => {
      if (!target.ran) return [`${persona.name}: ${notRan(target)}`];
      const { outcomes } = target;
      const predicted = predictedAmong(persona, PAGE_CLAUSES);
      // a clause that stands on another one's rule ends precondition-failed: still one of the predicted
      const judged = [...statusOf(outcomes, "failed"), ...statusOf(outcomes, "precondition-failed"), ...statusOf(outcomes, "broken")].sort();
      const gaps = await gateGaps(target.resultsDir);
      const problems = [
        // what run's exit status said: it passes exactly when nothing is predicted to fail
        outcomes.passed === (predicted.length === 0) ? null : `the run ${outcomes.passed ? "passed" : "did not pass"}${outcomes.problems.length ? ` (${outcomes.problems.join("; ")})` : ""}`,
        outcomes.ungated ? null : "the run was gated",
        JSON.stringify(judged) === JSON.stringify(predicted) ? null : `did not pass: ${judged.join(", ") || "none"}; predicted: ${predicted.join(", ") || "none"}`,
        statusOf(outcomes, "broken").length ? `broken: ${statusOf(outcomes, "broken").join(", ")}` : null,
        statusOf(outcomes, "unknown").length ? `unknown: ${statusOf(outcomes, "unknown").join(", ")}` : null,
        statusOf(outcomes, "not-applicable").length ? `not applicable although ungated: ${statusOf(outcomes, "not-applicable").join(", ")}` : null,
        gaps.length ? `gate gaps: ${gaps.join("; ")}` : null,
      ].filter((p): p is string => p !== null);
      return problems.map((p) => `${persona.name}: ${p}`);
    }))).flat();
    expect(wrong).toEqual([]);
  });
});
