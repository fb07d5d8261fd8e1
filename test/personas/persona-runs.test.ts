// Each persona, run through the real CLI, against the whole catalogue:
// - ungated (every clause runs whatever the build lacks), exactly the clauses its documented
//   difference predicts fail: the judged clauses (required, or unspecified with a documented core)
//   that need a feature the
//   persona lacks, minus the few listed below that need the feature without exercising it;
//   every other clause passes, so the difference is all that changed;
// - gated (the normal run), those clauses are not applicable: skipped with the reason, never
//   failed. Gating only ever skips, so the gated run is checked on the clauses it skips (the rest
//   ran green in the ungated run already), with the harness's own applicability function on the
//   persona's target, and one persona (pre-profiles) end to end; that keeps this file fast.
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

/**
 * The whole catalogue on the page model (the clauses needing pages are then not applicable, and not
 * predicted), which keeps this file's thirteen whole-catalogue runs affordable; the clauses that
 * need pages run for every persona on real pages in ./persona-pages.test.ts.
 */
function pagesFor(_p: Persona): PagesChoice {
  // the clauses that need pages run for every persona, on real pages, in ./persona-pages.test.ts
  return "model";
}

function predictedFailures(p: Persona): string[] {
  const exempt = new Set((NEEDS_WITHOUT_EXERCISING[p.name] ?? []).map((x) => x.clause));
  const onModel = pagesFor(p) === "model";
  return requiring(lacking(p))
    .filter((c) => conformanceOf(c) !== "unspecified" && !exempt.has(c.id) && !(onModel && needsPages(c)))
    .map((c) => c.id)
    .sort();
}

/** the runs here go side by side (describe.concurrent): one clause file at a time each spends less CPU than two (docs/speed.md) */
const ONE_WORKER = ["--workers", "1"];

const statusOf = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

// every persona is judged: the harness's own steps (src/probe/runtime.ts) find spaces by name in
// older listings and select them by the key the build gave, so no persona is left out
const judged = PERSONAS.filter((p) => p.name !== "current");

const runnable = judged.filter((p) => featuresOff(p).length > 0);
// a persona with a feature the current build lacks (the dialog fallback key) and nothing less
const extra = judged.filter((p) => featuresOff(p).length === 0 && featuresOn(p).length > 0);

describe.concurrent("persona, run ungated through the CLI", () => {
  it.each(runnable.map((p) => [p.name, p] as const))("%s fails exactly the clauses its difference predicts", { timeout: 600_000 }, async (name, persona) => {
    const predicted = predictedFailures(persona);
    const run = await runCli(["run", ...ONE_WORKER, "--persona", name, "--ungated", "--pages", pagesFor(persona), "--json", "--no-report", "--no-expectations", "--results", await tempDir(`persona-${name}`), "--outcomes", `${await tempDir("o")}/outcomes.json`], { timeoutMs: 600_000 });
    // a difference whose every clause is unspecified (its core holds) fails nothing: the run passes
    expect(run.exitCode, run.stderr).toBe(predicted.length > 0 ? 1 : 0);
    const summary = JSON.parse(run.stdout) as JsonSummary & { persona: string };
    expect(summary).toMatchObject({ persona: name, egoVersion: persona.version });
    // a clause that stands on another one's rule ends precondition-failed, naming that owner
    expect([...statusOf(summary, "failed"), ...statusOf(summary, "precondition-failed"), ...statusOf(summary, "broken")].sort()).toEqual(predicted);
    expect(statusOf(summary, "broken"), "no harness error: the setup survives the persona's difference").toEqual([]);
    expect(statusOf(summary, "unknown")).toEqual([]);
    // ungated, nothing is skipped for a build feature (only for what this fake does not offer: a
    // shared browser, a launcher, and real pages on the page model)
    const skipped = summary.clauses.filter((x) => x.status === "not-applicable" && x.id !== "safety.user-spaces.unchanged");
    for (const c of skipped) expect(clauseById(c.id).needs, `${c.id} is skipped only for what the fake lacks`).not.toEqual([]);
  });
});

describe("persona, gated", () => {
  it.each(judged.map((p) => [p.name, p] as const))("%s: exactly the clauses needing a feature it lacks are not applicable, with the reason", async (name, persona) => {
    const target = await resolveTarget({ target: "fake", mutants: [], persona: name });
    const gated = CATALOGUE.filter((c) => notApplicable(c, target.info)?.key.startsWith("feature:")).map((c) => c.id).sort();
    expect(gated).toEqual(requiring(lacking(persona)).map((c) => c.id).sort());
    for (const id of gated) expect(notApplicable(clauseById(id), target.info)!.reason).toMatch(new RegExp(`needs the '(${lacking(persona).join("|")})' feature, which Ego Lite ${persona.version.replace(/\./g, "\\.")} does not have`));
    await target.close();
  });

  // pre-profiles (a missing method), and the two personas the harness's own steps stand on
  it.concurrent.each(["pre-profiles", "pre-numeric-ids", "pre-listing-v2"])("%s, run gated through the CLI on the whole catalogue, passes with its clauses not applicable", { timeout: 600_000 }, async (name) => {
    const run = await runCli(["run", ...ONE_WORKER, "--persona", name, "--pages", pagesFor(personaByName(name)), "--json", "--no-report", "--no-expectations", "--results", await tempDir(`gated-${name}`), "--outcomes", `${await tempDir("o")}/outcomes.json`], { timeoutMs: 600_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    const skipped = statusOf(summary, "not-applicable");
    for (const c of requiring(featuresOff(personaByName(name)))) expect(skipped).toContain(c.id);
    expect(summary.totals).toMatchObject({ failed: 0, broken: 0, unknown: 0 });
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
