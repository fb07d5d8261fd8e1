// What the comparison pairs and judges where two recordings differ in nothing the builds did:
// calls made side by side (Promise.all) are recorded in the order they were answered, which no
// build promises, so they are paired by their arguments; and a clause only one recording holds
// (a clause of the installed target only, another selection) is listed, not judged: its absence
// says nothing of either build.
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import { TRANSCRIPT_FORMAT, type Transcript, type TranscriptClause } from "../../src/recording/transcript.js";

function create(name: string, id: string, concurrent: boolean): RecordedCall {
  return { probe: 1, method: "createTaskSpace", args: [name], channel: "resolved", failed: false, shape: { id: "number", name: "string", taskId: "string" }, fields: { id }, text: { name, taskId: name }, ...(concurrent ? { concurrent: true as const } : {}) };
}

function transcript(clauses: TranscriptClause[]): Transcript {
  return { format: TRANSCRIPT_FORMAT, target: { kind: "fake", name: "fake", egoVersion: "0.5.1.13", versionSource: null, persona: null, mutants: [], pages: "model" }, clauses };
}

const clause = (id: string, calls: RecordedCall[]): TranscriptClause => ({ id, verdict: "passed", tests: [{ name: id, verdict: "passed", recorded: true, calls }] });

describe("the comparison's pairing", () => {
  it("pairs concurrent calls by their arguments, whatever order they were answered in", () => {
    const a = transcript([clause("c", [create("p-0", "<space:1>", false), create("p-1", "<space:2>", true), create("p-2", "<space:3>", true)])]);
    const b = transcript([clause("c", [create("p-0", "<space:1>", false), create("p-2", "<space:2>", true), create("p-1", "<space:3>", true)])]);
    const { differences } = compareTranscripts(a, b);
    expect(differences.filter((d) => d.kind !== "concurrent-id")).toEqual([]);
    expect(differences.every((d) => !d.judged)).toBe(true);
  });

  it("calls made one after another keep their order: a different argument there is listed at its place", () => {
    const a = transcript([clause("c", [create("p-0", "<space:1>", false), create("p-1", "<space:2>", false)])]);
    const b = transcript([clause("c", [create("p-1", "<space:1>", false), create("p-0", "<space:2>", false)])]);
    expect(compareTranscripts(a, b).differences.filter((d) => d.kind === "args")).toHaveLength(2);
  });

  it("a clause only one recording holds is listed, not judged", () => {
    const a = transcript([clause("both", []), clause("only-a", [])]);
    const b = transcript([clause("both", [])]);
    expect(compareTranscripts(a, b).differences).toEqual([{ clause: "only-a", kind: "clause", a: "passed", b: null, judged: false }]);
  });
});
