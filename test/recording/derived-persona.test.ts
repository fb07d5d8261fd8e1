// A persona derived from a recording (`persona derive`) reproduces its source's verdicts clause by
// clause when the fake plays it (`run --persona-file`): the source is the fake playing persona
// pre-error-codes, whose features the derived persona must find again.
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
  const run = await runCli(["run", "--json", "--no-report", "--no-expectations", "--pages", "model", ...AREAS.flatMap((a) => ["--area", a]), "--results", join(dir, `${name}-results`), "--outcomes", join(dir, `${name}-outcomes.json`), "--record", file, ...extra], { timeoutMs: 200_000 });
  expect(run.exitCode, run.stderr).not.toBe(2);
  return JSON.parse(await readFile(file, "utf8")) as Transcript;
}

describe("persona derive", () => {
  it(`a persona derived from a recording of ${PERSONA} reproduces its verdicts clause by clause`, { timeout: 240_000 }, async () => {
    const dir = await tempDir("derive");
    const source = await record(dir, "source", ["--persona", PERSONA]);
    const personaFile = join(dir, "derived.json");
    const derive = await runCli(["persona", "derive", join(dir, "source.json"), "--name", "derived", "--out", personaFile]);
    expect(derive.exitCode, derive.stderr).toBe(0);
    const derived = JSON.parse(await readFile(personaFile, "utf8")) as { features: string[]; basis: Record<string, string> };
    expect(derived.features.sort()).toEqual([...personaByName(PERSONA).features].sort());
    expect(derived.basis["error-codes"]).toBe("verdicts");

    const replay = await record(dir, "replay", ["--persona-file", personaFile]);
    expect(replay.target.persona).toBe("derived");
    const verdicts = (t: Transcript) => Object.fromEntries(t.clauses.map((c) => [c.id, c.verdict]));
    expect(verdicts(replay)).toEqual(verdicts(source));
    expect(Object.values(verdicts(source))).toContain("not-applicable");
  });
});
