// A probe that polls (a page loading, a title not yet shown) makes as many attempts as the page
// takes: the recording keeps the poll's last attempt, the answer the probe acted on, with the
// number of attempts, which the comparison lists and never judges. A poll that settles on another
// answer still differs, judged.
import { afterAll, describe, expect, it } from "vitest";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { recordingSession, type NativeCalls, type ProbeLog } from "../../src/harness/recording-session.js";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import type { Transcript } from "../../src/recording/transcript.js";
import { createFakeTarget } from "../../src/targets/fake/fake-target.js";

const target = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, pages: "model" });
afterAll(() => target.close());

/** A probe that polls listTabs `tries` times (the last attempt also reads useTaskSpace's answer), between a call before and one after. */
async function pollingRun(tries: number): Promise<RecordedCall[]> {
  const native: NativeCalls = { probes: 0, calls: [] };
  const log: ProbeLog = [];
  const session = recordingSession(await target.openSession(), log, native);
  await session.evaluate(async (p, tries) => {
    await p.call("listTaskSpaces", []);
    const poll = p.poll();
    for (let n = 1; ; n++) {
      await poll.attempt(async () => {
        await p.call("listTabs", []);
        if (n === tries) await p.call("getBrowserVersion", []);
      });
      if (n === tries) break;
    }
    await p.call("listTaskSpaces", []);
  }, tries);
  return native.calls;
}

function transcript(calls: RecordedCall[]): Transcript {
  return {
    format: 1,
    target: { kind: "fake" },
    clauses: [{ id: "some.clause", verdict: "passed", tests: [{ name: "t", verdict: "passed", recorded: true, calls }] }],
  } as unknown as Transcript;
}

describe("a poll in the recording", () => {
  it("keeps the last attempt's calls, with the number of attempts, and every call outside the poll", async () => {
    const calls = await pollingRun(3);
    expect(calls.map((c) => c.method)).toEqual(["listTaskSpaces", "listTabs", "getBrowserVersion", "listTaskSpaces"]);
    expect(calls.map((c) => c.attempts ?? null)).toEqual([null, 3, 3, null]);
  });

  it("two runs that took a different number of attempts compare clean but for the count, listed, not judged", async () => {
    const { differences } = compareTranscripts(transcript(await pollingRun(1)), transcript(await pollingRun(4)));
    expect(differences).toEqual([{ clause: "some.clause", call: "#2 listTabs", kind: "attempts", a: 1, b: 4, judged: false }, { clause: "some.clause", call: "#3 getBrowserVersion", kind: "attempts", a: 1, b: 4, judged: false }]);
  });

  it("a poll that settles on another answer differs, judged", async () => {
    const a = await pollingRun(2);
    const b = structuredClone(a);
    b[1] = { ...b[1]!, channel: "rejected", failed: true, errorCode: "EGO_WEB_CONTENTS_UNAVAILABLE" };
    const judged = compareTranscripts(transcript(a), transcript(b)).differences.filter((d) => d.judged);
    expect(a[1]!.errorCode).not.toBe("EGO_WEB_CONTENTS_UNAVAILABLE");
    expect(judged.map((d) => `${d.call} ${d.kind}`)).toEqual(expect.arrayContaining(["#2 listTabs channel", "#2 listTabs error-code"]));
  });
});
