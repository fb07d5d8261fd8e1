// Hostile input files through the CLI commands that read them (the cheap ones: each refuses before
// any work): a recording whose call's shape nests 100,000 deep, one with a `constructor` field on
// one side only, an outcomes file and a persona file nested as deep. Each ends with exit 2, one
// paragraph naming the file, no stack trace, and nothing written in the folder it ran in; the
// `constructor` field is a difference, listed. (The readers one by one: hostile-inputs.test.ts.)
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, STACK_LINE } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { TRANSCRIPT_FORMAT } from "../../src/recording/transcript.js";
import { outcomesFixture } from "./outcomes-fixture.js";

const DEEP = `${"[".repeat(100_000)}1${"]".repeat(100_000)}`;

function transcriptText(fields: Record<string, unknown>, shape = '"object"'): string {
  const call = { probe: 1, method: "listTabs", args: [], channel: "resolved", failed: false, shape: "SHAPE", fields, text: {} };
  return JSON.stringify({
    format: TRANSCRIPT_FORMAT,
    target: { kind: "installed", name: "ego-browser", egoVersion: "0.5.1.13", versionSource: "getBrowserVersion", persona: null, mutants: [] },
    clauses: [{ id: "tabs.list", verdict: "passed", tests: [{ name: "tabs.list: t", verdict: "passed", recorded: true, calls: [call] }] }],
  }).replace('"SHAPE"', shape);
}

describe("hostile input files through the CLI", () => {
  it("each command that reads one exits 2 naming it, with no stack trace, and writes nothing", { timeout: 120_000 }, async () => {
    const dir = await tempDir("hostile-cli");
    const deepRecording = join(dir, "deep-recording.json");
    const plain = join(dir, "plain-recording.json");
    const deepOutcomes = join(dir, "deep-outcomes.json");
    const outcomes = join(dir, "outcomes.json");
    const deepPersona = join(dir, "deep.persona.json");
    await writeFile(deepRecording, transcriptText({}, DEEP));
    await writeFile(plain, transcriptText({}));
    await writeFile(deepOutcomes, JSON.stringify({ ...outcomesFixture(), runId: "DEEP" }).replace('"DEEP"', DEEP));
    await writeFile(outcomes, JSON.stringify(outcomesFixture()));
    await writeFile(deepPersona, JSON.stringify({ format: "ego-conformance-persona/1", name: "p", version: "0.5.1.13", features: "DEEP" }).replace('"DEEP"', DEEP));
    const before = (await readdir(dir)).sort();
    const cases: [string[], string][] = [
      [["diff", deepRecording, plain], deepRecording],
      [["verify-fake", deepRecording], deepRecording],
      [["persona", "derive", deepRecording, "--name", "p"], deepRecording],
      [["gate", "--baseline", deepOutcomes, "--outcomes", outcomes], deepOutcomes],
      [["gate", "--baseline", outcomes, "--outcomes", deepOutcomes], deepOutcomes],
      [["baseline", "save", "--outcomes", deepOutcomes, "--dir", join(dir, "baselines")], deepOutcomes],
      [["run", "--persona-file", deepPersona, "--results", join(dir, "results"), "--no-report"], deepPersona],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli(args, { cwd: dir, timeoutMs: 60_000 })));
    for (const [i, run] of runs.entries()) {
      const [args, file] = cases[i]!;
      const said = `${args.join(" ")}:\n${run.stderr}`;
      expect(run.exitCode, said).toBe(2);
      expect(run.stderr, said).toContain(file);
      expect(run.stderr, said).toMatch(/nests its values more than \d+ levels deep/);
      expect(run.stderr, said).not.toMatch(STACK_LINE);
      expect(run.stderr, said).not.toMatch(/RangeError|TypeError|Maximum call stack/);
      expect(run.stderr.trim().split("\n").length, said).toBeLessThanOrEqual(3);
    }
    expect((await readdir(dir)).sort(), "nothing written").toEqual(before);
  });

  it("diff lists a `constructor` field of one side as a difference", { timeout: 60_000 }, async () => {
    const dir = await tempDir("hostile-cli-proto");
    const [a, b] = [join(dir, "a.json"), join(dir, "b.json")];
    await writeFile(a, transcriptText({ constructor: "x" }));
    await writeFile(b, transcriptText({}));
    const run = await runCli(["diff", a, b], { cwd: dir });
    expect(run.stderr).not.toMatch(/TypeError/);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/\* +tabs\.list +#1 listTabs constructor +x +null/);
  });
});
