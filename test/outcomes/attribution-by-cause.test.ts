/**
 * Attribution by cause, end to end: the harness's own precondition check (TestSpaces.create) records
 * the kind of answer that stopped it, a failing matcher records the kind of answer it failed on,
 * and the run's rule (src/run/attribute-results.ts) lays a precondition failure on its owner only
 * when the two are of one kind. An inline suite against the fake, read back as a run reads it.
 */
import { describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { LABEL } from "../../src/labels/labels.js";
import { observedBroken, whyNotAttributed, type AttributionInput } from "../../src/outcomes/attribution.js";
import { labelValue, type TestResult } from "../../src/report/results-reader.js";
import { attributionInputOf } from "../../src/run/attribute-results.js";
import { inlineSuite, src } from "../support/inline-suite.js";

const CREATE = "task-spaces.create.result-shape";
const plain = CATALOGUE.filter((c) => !c.unspecified && c.needs.length === 0 && c.features.length === 0 && c.versions === undefined && c.id !== CREATE).map((c) => c.id);
const [REJECTED, NO_ID] = plain as [string, string];

/**
 * A TestSpaces whose sessions answer createTaskSpace with `answer` (a bridge that lost its browser,
 * or one that resolves no id): the harness's own creation path, stopped by that answer.
 */
const spacesAnswering = (answer: string) => `
  const target = { ...ctx.target, openSession: async (o) => {
    const s = await ctx.target.openSession(o);
    await s.evaluate(async (p, answer) => { p.ego.createTaskSpace = (0, eval)(answer); }, ${JSON.stringify(answer)});
    return s;
  } };
  await new TestSpaces(target, ctx.spaces.prefix + " stopped").create();`;

describe("attribution by cause, through the harness's own check and matchers", () => {
  const of = inlineSuite(
    "by-cause",
    {
      "by-cause.test.ts": `
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
import { TestSpaces } from ${src("harness/test-spaces.ts")};
import { observeCall } from ${src("harness/probes.ts")};
// the owner breaks its rule on a resolved value (a matcher judges it)
clause(${JSON.stringify(CREATE)}, async ({ ego, spaces }) => {
  const name = spaces.name();
  const seen = await observeCall(ego, "createTaskSpace", [name]);
  spaces.track({ id: seen.value.id, name });
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_FOUND");
});
clause(${JSON.stringify(REJECTED)}, async (ctx) => {${spacesAnswering("() => Promise.reject(new Error('CDP channel is not open'))")}
});
clause(${JSON.stringify(NO_ID)}, async (ctx) => {${spacesAnswering("() => Promise.resolve({ name: 'no id' })")}
});
`,
    },
    {},
  );
  const judged = (id: string) => {
    const inputs = [CREATE, REJECTED, NO_ID].map((c) => attributionInputOf(of(c))!) as AttributionInput[];
    return whyNotAttributed(inputs.find((i) => i.clause === id)!, observedBroken(inputs));
  };

  test("the owner's failure records what it failed on", () => {
    const owner: TestResult = of(CREATE);
    expect(owner.status).toBe("failed");
    expect(owner.labels.filter((l) => l.name === LABEL.failedOn).map((l) => l.value)).toEqual(["createTaskSpace resolved a value"]);
  });

  test("a creation that rejected records its answer, and is not laid on the owner", () => {
    expect(labelValue(of(REJECTED), LABEL.preconditionOwner)).toBe(CREATE);
    expect(labelValue(of(REJECTED), LABEL.preconditionAnswer)).toBe("createTaskSpace rejected an Error without error_code");
    expect(judged(REJECTED)).toBe(`${CREATE} failed on createTaskSpace resolved a value, this on createTaskSpace rejected an Error without error_code`);
  });

  test("a creation that resolved no id was stopped by the same kind of answer, and stands", () => {
    expect(labelValue(of(NO_ID), LABEL.preconditionAnswer)).toBe("createTaskSpace resolved a value");
    expect(judged(NO_ID)).toBeUndefined();
  });
});
