// Recordings without a real build: the fake, plain and with each mutant (fault) plan, plays "a real
// build". Two recordings of the plain fake compare clean; a mutant's recording differs from the
// plain fake's, judged, exactly at its owning clauses (test/mutants/table.ts); verify-fake says so
// (exit 1, a defect of the fake) and is clean on the plain recording (exit 0); diff of the current
// build against persona pre-error-codes lists the clauses that need error codes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, clauseById } from "../../src/contract/catalogue.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import type { Transcript } from "../../src/recording/transcript.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { MUTANTS } from "../mutants/table.js";

const AREAS = ["task-spaces", "numeric-ids"];
/** the mutants whose owning clauses all lie in AREAS and show on the page model, the first three (each is one more recorded run) */
const CHOSEN = Object.entries(MUTANTS)
  .filter(([, e]) => !e.pagesOnly && !e.failedWithPages && [...e.failed, ...(e.preconditionFailed ?? [])].every((id) => AREAS.includes(clauseById(id).area)))
  .slice(0, 3);

async function record(name: string, extra: string[] = [], areas = AREAS): Promise<{ file: string; transcript: Transcript; exitCode: number | undefined }> {
  const dir = await tempDir(`rec-${name}`);
  const file = join(dir, "transcript.json");
  const run = await runCli(["run", "--json", "--no-report", "--no-expectations", "--pages", "model", ...areas.flatMap((a) => ["--area", a]), "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json"), "--record", file, ...extra], { timeoutMs: 200_000 });
  return { file, transcript: JSON.parse(await readFile(file, "utf8")) as Transcript, exitCode: run.exitCode };
}

const judgedClauses = (a: Transcript, b: Transcript) => [...new Set(compareTranscripts(a, b).differences.filter((d) => d.judged).map((d) => d.clause))].sort();

describe("recordings of the fake", () => {
  let plain: Awaited<ReturnType<typeof record>>;
  beforeAll(async () => {
    plain = await record("plain");
  }, 240_000);

  it("two recordings of the plain fake compare clean, and verify-fake on one exits 0", { timeout: 240_000 }, async () => {
    expect(CHOSEN.length).toBeGreaterThan(0);
    expect(plain.exitCode).toBe(0);
    const again = await record("plain-again");
    expect(compareTranscripts(plain.transcript, again.transcript).differences).toEqual([]);
    const verify = await runCli(["verify-fake", plain.file, "--pages", "model"], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain("the fake matches the recording");
  });

  it.each(CHOSEN)("a recording under mutant %s differs, judged, exactly at its owning clauses", { timeout: 240_000 }, async (fault, expected) => {
    const mutant = await record(`mutant-${fault}`, ["--fault", fault]);
    expect(mutant.transcript.target.faults).toEqual([fault]);
    expect(judgedClauses(plain.transcript, mutant.transcript)).toEqual([...expected.failed, ...(expected.preconditionFailed ?? [])].sort());
  });

  it("verify-fake on a mutant's recording exits 1 and names the owning clauses, a defect of the fake", { timeout: 240_000 }, async () => {
    const [fault, expected] = CHOSEN[0]!;
    const mutant = await record(`verify-${fault}`, ["--fault", fault]);
    const verify = await runCli(["verify-fake", mutant.file, "--pages", "model", "--json"], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stderr).toBe(1);
    const out = JSON.parse(verify.stdout) as { defect: string; differences: { clause: string; judged: boolean }[] };
    expect(out.defect).toBe("the fake");
    expect([...new Set(out.differences.filter((d) => d.judged).map((d) => d.clause))].sort()).toEqual([...expected.failed, ...(expected.preconditionFailed ?? [])].sort());
  });
});

describe("diff between two builds", () => {
  it("the current build against persona pre-error-codes lists the clauses that need error codes", { timeout: 240_000 }, async () => {
    const current = await record("current", [], ["error-codes"]);
    const persona = await record("pre-error-codes", ["--persona", "pre-error-codes"], ["error-codes"]);
    expect(persona.transcript.target.persona).toBe("pre-error-codes");
    const diff = await runCli(["diff", current.file, persona.file, "--json"]);
    expect(diff.exitCode).toBe(1);
    const listed = new Set((JSON.parse(diff.stdout) as { differences: { clause: string; judged: boolean }[] }).differences.filter((d) => d.judged).map((d) => d.clause));
    const needErrorCodes = CATALOGUE.filter((c) => c.area === "error-codes" && c.features.includes("error-codes")).map((c) => c.id);
    expect(needErrorCodes.length).toBeGreaterThan(0);
    for (const id of needErrorCodes) expect(listed, id).toContain(id);
  });
});
