// Where a run's transcript goes: by default into an installed run's results, nowhere on the fake,
// wherever --record says, nowhere with --no-record; a --record path inside the report directory
// (which the run replaces) is refused before the run starts.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRunOutputs } from "../../src/run/plan.js";
import { transcriptFileOf } from "../../src/run/plan.js";
import { defaultRunOptions } from "../../src/run/options.js";
import { OutputPathError } from "../../src/files/output-dir.js";
import { tempDir } from "../support/temp-dir.js";

describe("the transcript's file", () => {
  it("defaults to the installed run's results directory, and to none on the fake", () => {
    expect(transcriptFileOf({ target: "installed", resultsDir: "/r" })).toBe(join("/r", "ego-conformance-transcript.json"));
    expect(transcriptFileOf({ target: "fake", resultsDir: "/r" })).toBeUndefined();
    expect(transcriptFileOf({ target: "installed", resultsDir: "/r", record: false })).toBeUndefined();
    expect(transcriptFileOf({ target: "fake", resultsDir: "/r", record: "/t.json" })).toBe("/t.json");
  });

  it("is refused inside the report directory, allowed inside the results directory", async () => {
    const root = await tempDir("record-paths");
    const base = { ...defaultRunOptions(root), resultsDir: join(root, "results"), reportDir: join(root, "report") };
    delete base.outcomesFile;
    await expect(checkRunOutputs({ ...base, record: join(root, "report", "t.json") })).rejects.toThrow(OutputPathError);
    await expect(checkRunOutputs({ ...base, record: join(root, "results", "t.json") })).resolves.toBeUndefined();
  });
});
