// Normalisation touches only what the transcript format names as an id: a task space's id (a
// field that is one, an argument the contract names `id`, the `<id>` of a documented text) and a
// string id (a field keyed `...Id`, a CDP message's `"...Id":"..."`). Never a number or a string
// that only happens to equal one inside another value: a profile id "Profile 2" beside task space
// 2, a message "takes at most 2 arguments". The property: two recordings of the same build whose
// only difference is which ids it handed out (the recording and the fake's replay; two runs of
// an installed build, whose ids go on from the last) compare with no difference at all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { statusFor, type MethodName } from "../../src/contract/methods.js";
import { notFoundMessage } from "../../src/contract/id-texts.js";
import type { Json } from "../../src/contract/arguments.js";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { callValue } from "../../src/probe/call-fields.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import { normaliseCalls } from "../../src/recording/normalise.js";
import { TRANSCRIPT_FORMAT, type Transcript } from "../../src/recording/transcript.js";

const RUN = "20261202-101010-abcdef";

function call(method: MethodName, args: Json[], channel: RecordedCall["channel"], value: unknown, failed = false): RecordedCall {
  const entry = { started: 1, method, args, channel, failed, value } as Parameters<typeof callValue>[0];
  const { shape, fields, text } = callValue(entry);
  return { probe: 1, method, args, channel, failed, shape, fields, text };
}

/** What one build answers, given the space ids it handed out (ascending, as a build numbers them). */
interface World {
  names: string[];
  profiles: { id: string; name: string; isDefault: boolean }[];
  /** a small number the build's messages carry that is no id (an argument count) */
  count: number;
}

function calls(world: World, ids: number[], missing: number): RecordedCall[] {
  const spaces = world.names.map((name, i) => ({ taskId: name, id: ids[i]!, name }));
  const out: RecordedCall[] = [];
  for (const [i, s] of spaces.entries()) out.push(call("createTaskSpace", [s.name], "resolved", { ...s, profileId: world.profiles[i % world.profiles.length]!.id }));
  out.push(call("listProfiles", [], "resolved", { profiles: world.profiles }));
  out.push(call("listTaskSpaces", [], "resolved", { taskSpaces: spaces.map((s, i) => ({ ...s, createdBy: "agent", ownership: "agent", profileId: world.profiles[i % world.profiles.length]!.id, profileName: world.profiles[i % world.profiles.length]!.name })) }));
  out.push(call("useTaskSpace", [ids[0]!], "returned", ids[0]!));
  out.push(call("useTaskSpace", [ids[0]!, "extra"], "threw", { isError: true, isTypeError: true, name: "TypeError", message: `useTaskSpace takes at most ${world.count} argument${world.count === 1 ? "" : "s"} (${world.names[0]})` }, true));
  out.push(call("closeTaskSpace", [], "resolved", statusFor("closeTaskSpace", ids[0]!)));
  out.push(call("claimTaskSpace", [missing], "resolved", { error: notFoundMessage(missing), error_code: "EGO_TASK_SPACE_NOT_FOUND" }, true));
  return out;
}

function transcript(recorded: RecordedCall[]): Transcript {
  const target = { kind: "fake", name: "fake", egoVersion: "0.5.1.13", versionSource: "getBrowserVersion", persona: null, mutants: [], pages: "model" as const };
  return { format: TRANSCRIPT_FORMAT, target, clauses: [{ id: "task-spaces.create.returns-ref", verdict: "passed", tests: [{ name: "t", verdict: "passed", recorded: true, calls: normaliseCalls(recorded, RUN) }] }] };
}

/** `n` ascending space ids from a random start with random gaps, and a missing id above them. */
const idsOf = (n: number) =>
  fc.tuple(fc.integer({ min: 1, max: 50 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: n + 1, maxLength: n + 1 })).map(([start, gaps]) => {
    const ids: number[] = [];
    let next = start;
    for (const gap of gaps) ids.push((next += gap));
    return { ids: ids.slice(0, n), missing: ids[n]! + 1000 };
  });

const word = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
/** profile ids as a build names them: "Default", "Profile N" (N small, so often a space's id too), anything */
const profileId = fc.oneof(fc.constant("Default"), fc.integer({ min: 1, max: 60 }).map((n) => `Profile ${n}`), fc.integer({ min: 1, max: 60 }).map(String), word);

const world = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.record({
    world: fc.record({
      names: fc.array(word.map((w) => `ego-conformance ${RUN} task-spaces.x ${w}`), { minLength: n, maxLength: n }),
      profiles: fc.uniqueArray(fc.record({ id: profileId, name: word, isDefault: fc.boolean() }), { minLength: 1, maxLength: 4, selector: (p) => p.id }),
      count: fc.integer({ min: 0, max: 60 }),
    }),
    a: idsOf(n),
    b: idsOf(n),
  }),
);

describe("normalisation touches only ids", () => {
  it("two recordings of one build that handed out other ids compare with no difference", () => {
    fc.assert(
      fc.property(world, ({ world: w, a, b }) => {
        const diff = compareTranscripts(transcript(calls(w, a.ids, a.missing)), transcript(calls(w, b.ids, b.missing)));
        expect(diff.differences).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("leaves a profile id, a profile name and a message's numbers as they were", () => {
    fc.assert(
      fc.property(world, ({ world: w, a }) => {
        const recorded = normaliseCalls(calls(w, a.ids, a.missing), RUN);
        const profiles = recorded.find((c) => c.method === "listProfiles")!;
        w.profiles.forEach((p, i) => {
          expect(profiles.fields[`profiles[${i}].id`]).toBe(p.id);
          expect(profiles.text[`profiles[${i}].name`]).toBe(p.name);
        });
        const threw = recorded.find((c) => c.channel === "threw")!;
        expect(threw.text.message).toContain(`takes at most ${w.count} argument`);
      }),
      { numRuns: 100 },
    );
  });

  it("the ids the format names become placeholders: a space's id, its status string, 'Task space not found: <id>'", () => {
    const recorded = normaliseCalls(calls({ names: [`ego-conformance ${RUN} x a`], profiles: [{ id: "Profile 7", name: "Work 7", isDefault: true }], count: 7 }, [7], 1007), RUN);
    const close = recorded.find((c) => c.method === "closeTaskSpace")!;
    expect(close.args).toEqual([]);
    expect(close.fields.value).toBe("<space:1> task space closed.");
    const claim = recorded.find((c) => c.method === "claimTaskSpace")!;
    expect(claim.args).toEqual(["<space:2>"]);
    expect(claim.text.error).toBe("Task space not found: <space:2>");
    expect(recorded.find((c) => c.method === "listProfiles")!.fields["profiles[0].id"]).toBe("Profile 7");
    expect(recorded.find((c) => c.method === "listTaskSpaces")!.fields["taskSpaces[0].id"]).toBe("<space:1>");
    expect(recorded.find((c) => c.channel === "threw")!.text.message).toBe("useTaskSpace takes at most 7 arguments (ego-conformance <run> x a)");
  });
});
