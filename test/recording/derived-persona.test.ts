// A persona derived from a recording (`persona derive`) reproduces its source when the fake plays
// it (`run --persona-file`): its verdicts clause by clause (the source is the fake playing persona
// pre-error-codes, whose features the derived persona must find again), and the open details the
// source chose where the reference is silent (the source is the fake with the two allowed
// deviations that choose otherwise at an unspecified clause: the default of includeActionMarks and
// the form of an href locator; both need real pages).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { personaByName } from "../../src/contract/personas.js";
import type { Transcript } from "../../src/recording/transcript.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const PERSONA = "pre-error-codes";
const AREAS = ["error-codes", "task-context"];

async function record(dir: string, name: string, extra: string[]): Promise<Transcript> {
  const file = join(dir, `${name}.json`);
  const run = await runCli(["run", "--json", "--no-report", "--no-expectations", "--results", join(dir, `${name}-results`), "--outcomes", join(dir, `${name}-outcomes.json`), "--record", file, ...extra], { timeoutMs: 200_000 });
  expect(run.exitCode, run.stderr).not.toBe(2);
  return JSON.parse(await readFile(file, "utf8")) as Transcript;
}

async function derive(dir: string, source: string): Promise<{ file: string; persona: { features: string[]; basis: Record<string, string>; openDetails: Record<string, string> } }> {
  const file = join(dir, "derived.json");
  const derived = await runCli(["persona", "derive", join(dir, `${source}.json`), "--name", "derived", "--out", file]);
  expect(derived.exitCode, derived.stderr).toBe(0);
  return { file, persona: JSON.parse(await readFile(file, "utf8")) as never };
}

const verdicts = (t: Transcript) => Object.fromEntries(t.clauses.map((c) => [c.id, c.verdict]));
const openDetails = (t: Transcript) => Object.fromEntries(t.clauses.filter((c) => c.openDetail !== undefined).map((c) => [c.id, c.openDetail]));

describe("persona derive", () => {
  it(`a persona derived from a recording of ${PERSONA} reproduces its verdicts clause by clause`, { timeout: 240_000 }, async () => {
    const dir = await tempDir("derive");
    const model = ["--pages", "model", ...AREAS.flatMap((a) => ["--area", a])];
    const source = await record(dir, "source", [...model, "--persona", PERSONA]);
    const { file, persona } = await derive(dir, "source");
    expect(persona.features.sort()).toEqual([...personaByName(PERSONA).features].sort());
    expect(persona.basis["error-codes"]).toBe("verdicts");

    const replay = await record(dir, "replay", [...model, "--persona-file", file]);
    expect(replay.target.persona).toBe("derived");
    expect(verdicts(replay)).toEqual(verdicts(source));
    expect(Object.values(verdicts(source))).toContain("not-applicable");
  });

  it("a persona derived from a build that chose otherwise where the reference is silent plays those open details again", { timeout: 240_000 }, async () => {
    const dir = await tempDir("derive-open");
    const clauses = ["--pages", "chromium", "--area", "snapshot", "--grep", String.raw`^snapshot\.page\.(action-marks|loc\.href-form)`];
    const source = await record(dir, "source", [...clauses, "--mutant", "action-marks-by-default", "--mutant", "href-locators-absolute"]);
    const chose = { "snapshot.page.action-marks": "differs-from-the-fake", "snapshot.page.loc.href-form": "differs-from-the-fake" };
    expect(openDetails(source)).toEqual(chose);
    const { file, persona } = await derive(dir, "source");
    expect(persona.openDetails).toEqual(chose);

    const replay = await record(dir, "replay", [...clauses, "--persona-file", file]);
    expect(replay.target.persona).toBe("derived");
    expect(openDetails(replay), "the replay's open-detail outcomes, clause by clause").toEqual(openDetails(source));
    expect(verdicts(replay)).toEqual(verdicts(source));
  });
});
