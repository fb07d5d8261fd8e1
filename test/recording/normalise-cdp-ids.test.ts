// A CDP message's id is the caller's own numbering (a clause that polls sends more messages before
// its next one): it becomes a placeholder in the message and in its answer, so two recordings that
// numbered their messages differently compare equal, and an answer naming another message than
// the one sent still differs.
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import { normaliseCalls } from "../../src/recording/normalise.js";
import { TRANSCRIPT_FORMAT, type Transcript } from "../../src/recording/transcript.js";

const RUN = "20261206-071000-abcdef";

function send(sent: number, answered: number): RecordedCall {
  return { probe: 1, method: "sendCDPMessage", args: [JSON.stringify({ id: sent, method: "Page.getFrameTree" })], channel: "cdp-answer", failed: false, shape: { id: "number" }, fields: { id: answered }, text: {} };
}

function transcript(calls: RecordedCall[]): Transcript {
  const target = { kind: "fake", name: "fake", egoVersion: "0.5.1.13", versionSource: null, persona: null, mutants: [], pages: "chromium" as const };
  return { format: TRANSCRIPT_FORMAT, target, clauses: [{ id: "c", verdict: "passed", tests: [{ name: "c", verdict: "passed", recorded: true, calls: normaliseCalls(calls, RUN) }] }] };
}

describe("CDP message ids in a recording", () => {
  it("are placeholders in the order they first appear, the same in a message and its answer", () => {
    const [first, second] = normaliseCalls([send(1003, 1003), send(1004, 1004)], RUN);
    expect(first!.fields.id).toBe("<cdp:1>");
    expect(JSON.parse(first!.args[0] as string)).toEqual({ id: "<cdp:1>", method: "Page.getFrameTree" });
    expect(second!.fields.id).toBe("<cdp:2>");
  });

  it("two recordings that numbered their messages otherwise differ in nothing judged", () => {
    const { differences } = compareTranscripts(transcript([send(1003, 1003), send(1004, 1004)]), transcript([send(1019, 1019), send(1020, 1020)]));
    expect(differences.filter((d) => d.judged)).toEqual([]);
  });

  it("an answer that names another message than the one sent is still a judged difference", () => {
    const { differences } = compareTranscripts(transcript([send(7, 7)]), transcript([send(7, 8)]));
    expect(differences.filter((d) => d.judged).map((d) => d.path)).toContain("id");
  });
});
