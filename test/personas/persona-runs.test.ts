// Each persona, run through the real CLI, against the whole catalogue:
// - ungated (every clause runs whatever the build lacks), exactly the clauses its documented
//   difference predicts fail: the judged clauses (required, or unspecified with a documented core)
//   that need a feature the
//   persona lacks, minus the few listed below that need the feature without exercising it;
//   every other clause passes, so the difference is all that changed;
// - gated (the normal run), those clauses are not applicable: skipped with the reason, never
//   failed. Gating only ever skips, so the gated run is checked on the clauses it skips (the rest
//   ran green in the ungated run already), with the harness's own applicability function on the
//   persona's target, and three personas (pre-profiles and the two the harness's steps stand on)
//   end to end; that keeps this file fast.
// The ungated personas are the targets of one matrix and the three gated ones of another (their
// fake targets four at a time on the page model, in vitests whose workers are kept from target to target), each
// read from its outcomes in the bundle. What that saves against one run per persona: docs/speed.md.
import { describe, expect, it } from "vitest";
import { CATALOGUE, conformanceOf } from "../../src/contract/index.js";
import { PERSONAS, featuresOff, featuresOn, personaByName, type Persona } from "../../src/contract/personas.js";
import { clauseById } from "../../src/contract/catalogue.js";
import type { PagesChoice } from "../../src/contract/pages-choice.js";
import { notApplicable } from "../../src/harness/applicability.js";
import { resolveTarget } from "../../src/targets/choose/resolve.js";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { NEEDS_WITHOUT_EXERCISING, lacking, needsPages, requiring } from "./exemptions.js";
import { notRan, personaMatrix, statusOf, type PersonaTarget } from "./persona-matrix.js";

/**
 * The whole catalogue on the page model (the clauses needing pages are then not applicable, and not
 * predicted), which keeps this file's whole-catalogue runs affordable; the clauses that
 * need pages run for every persona on real pages in ./persona-pages.test.ts.
 */
const PAGES: PagesChoice = "model";

function predictedFailures(p: Persona): string[] {
  const exempt = new Set((NEEDS_WITHOUT_EXERCISING[p.name] ?? []).map((x) => x.clause));
  const onModel = PAGES === "model";
  return requiring(lacking(p))
    .filter((c) => conformanceOf(c) !== "unspecified" && !exempt.has(c.id) && !(onModel && needsPages(c)))
    .map((c) => c.id)
    .sort();
}

/** the extra persona's run goes beside the gated matrix: one clause file at a time spends less CPU than two (docs/speed.md) */
const ONE_WORKER = ["--workers", "1"];
/** a bound on one matrix of whole page-model runs (four at a time) */
const MATRIX_TIMEOUT_MS = 600_000;

// every persona is judged: the harness's own steps (src/probe/runtime.ts) find spaces by name in
// older listings and select them by the key the build gave, so no persona is left out
const judged = PERSONAS.filter((p) => p.name !== "current");

const runnable = judged.filter((p) => featuresOff(p).length > 0);
// a persona with a feature the current build lacks (the dialog fallback key) and nothing less
const extra = judged.filter((p) => featuresOff(p).length === 0 && featuresOn(p).length > 0);

/**
 * One matrix of `personas` on PAGES with `flags`, made once, when the first test asks
 * (the tests of a describe share it); a matrix that cannot be made fails each of them with why.
 */
function sharedMatrix(personas: readonly Persona[], flags: readonly string[], label: string): () => Promise<Map<string, PersonaTarget>> {
  let made: Promise<Map<string, PersonaTarget>> | undefined;
  return () => (made ??= personaMatrix(personas.map((p) => p.name), ["--pages", PAGES, ...flags, "--no-expectations"], label, MATRIX_TIMEOUT_MS));
}

/** The persona's target in the matrix; one that did not run fails its test, with the reason. */
async function ranIn(matrix: () => Promise<Map<string, PersonaTarget>>, name: string): Promise<PersonaTarget & { ran: true }> {
  const target = (await matrix()).get(name)!;
  if (!target.ran) expect.fail(`${name} ${notRan(target)}`);
  return target;
}

const ungatedRuns = sharedMatrix(runnable, ["--ungated"], "persona-ungated");

describe.concurrent("persona, run ungated through the CLI", () => {
  it.each(runnable.map((p) => [p.name, p] as const))("%s fails exactly the clauses its difference predicts", { timeout: MATRIX_TIMEOUT_MS + 60_000 }, async (name, persona) => {
    const predicted = predictedFailures(persona);
    const { outcomes } = await ranIn(ungatedRuns, name);
    // a difference whose every clause is unspecified (its core holds) fails nothing: the run passes
    expect(outcomes.passed, outcomes.problems.join("; ")).toBe(predicted.length === 0);
    expect(outcomes).toMatchObject({ persona: name, egoVersion: persona.version, ungated: true });
    // a clause that stands on another one's rule ends precondition-failed, naming that owner
    expect([...statusOf(outcomes, "failed"), ...statusOf(outcomes, "precondition-failed"), ...statusOf(outcomes, "broken")].sort()).toEqual(predicted);
    expect(statusOf(outcomes, "broken"), "no harness error: the setup survives the persona's difference").toEqual([]);
    expect(statusOf(outcomes, "unknown")).toEqual([]);
    // ungated, nothing is skipped for a build feature (only for what this fake does not offer: a
    // shared browser, a launcher, and real pages on the page model)
    const skipped = statusOf(outcomes, "not-applicable").filter((id) => id !== "safety.user-spaces.unchanged");
    for (const id of skipped) expect(clauseById(id).needs, `${id} is skipped only for what the fake lacks`).not.toEqual([]);
  });
});

// pre-profiles (a missing method), and the two personas the harness's own steps stand on
const GATED_END_TO_END = ["pre-profiles", "pre-numeric-ids", "pre-listing-v2"];
const gatedRuns = sharedMatrix(GATED_END_TO_END.map(personaByName), [], "persona-gated");

describe("persona, gated", () => {
  it.each(judged.map((p) => [p.name, p] as const))("%s: exactly the clauses needing a feature it lacks are not applicable, with the reason", async (name, persona) => {
    const target = await resolveTarget({ target: "fake", mutants: [], persona: name });
    const gated = CATALOGUE.filter((c) => notApplicable(c, target.info)?.key.startsWith("feature:")).map((c) => c.id).sort();
    expect(gated).toEqual(requiring(lacking(persona)).map((c) => c.id).sort());
    for (const id of gated) expect(notApplicable(clauseById(id), target.info)!.reason).toMatch(new RegExp(`needs the '(${lacking(persona).join("|")})' feature, which Ego Lite ${persona.version.replace(/\./g, "\\.")} does not have`));
    await target.close();
  });

  it.concurrent.each(GATED_END_TO_END)("%s, run gated through the CLI on the whole catalogue, passes with its clauses not applicable", { timeout: MATRIX_TIMEOUT_MS + 60_000 }, async (name) => {
    const { outcomes } = await ranIn(gatedRuns, name);
    expect(outcomes.passed, outcomes.problems.join("; ")).toBe(true);
    expect(outcomes).toMatchObject({ persona: name, ungated: false });
    const skipped = statusOf(outcomes, "not-applicable");
    for (const c of requiring(featuresOff(personaByName(name)))) expect(skipped).toContain(c.id);
    expect({ failed: statusOf(outcomes, "failed"), broken: statusOf(outcomes, "broken"), unknown: statusOf(outcomes, "unknown") }).toEqual({ failed: [], broken: [], unknown: [] });
  });

  // a persona with an extra feature: every clause needing it runs, on real pages where it needs
  // them, and passes; nothing else is gated away
  it.concurrent.each(extra.map((p) => [p.name, featuresOn(p).join(", ")] as const))("%s has %s: the clauses needing it run and pass", { timeout: 600_000 }, async (name) => {
    const persona = personaByName(name);
    const owning = requiring(featuresOn(persona));
    expect(owning.length, "a persona whose extra feature no clause needs would prove nothing").toBeGreaterThan(0);
    const pages = owning.some(needsPages) ? "chromium" : "model";
    const grep = `^(${owning.map((c) => c.id.replace(/\./g, "\\.")).join("|")})`; // matched against the id or the title
    const run = await runCli(["run", ...ONE_WORKER, "--persona", name, "--pages", pages, "--grep", grep, "--json", "--no-report", "--no-expectations", "--results", await tempDir(`extra-${name}`), "--outcomes", `${await tempDir("o")}/outcomes.json`], { timeoutMs: 600_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.map((c) => [c.id, c.status]).sort()).toEqual(owning.map((c) => [c.id, conformanceOf(c) === "unspecified" ? "unspecified" : "passed"]).sort());
  });
});
