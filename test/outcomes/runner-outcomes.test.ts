/**
 * The runner's outcome rules, end to end: tiny inline suites (Playwright's runInlineTest style)
 * written to a temporary directory and run through vitest with the Allure reporter against the
 * fake, then read back as a user's report would read them.
 */
import { describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { RUN_ENV } from "../../src/harness/run-config.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, type TestResult } from "../../src/report/results-reader.js";
import { inlineSuite, src } from "../support/inline-suite.js";

/** Clauses picked from the catalogue by kind, so the test survives catalogue edits. */
const plain = CATALOGUE.filter((c) => !c.unspecified && c.needs.length === 0 && c.features.length === 0 && c.versions === undefined).map((c) => c.id);
const [ASSERTS, PRECONDITION, HARNESS_BUG, OWN_RULE, OWNER] = plain as [string, string, string, string, string];
/** unspecified clauses with a judged core: what they assert outside ctx.openDetail is judged */
const [UNSPECIFIED, CORE] = CATALOGUE.filter((c) => c.unspecified && c.unspecified.core !== null && c.needs.length === 0 && c.features.length === 0).map((c) => c.id) as [string, string];
/** a clause gated by a feature the persona lacks */
const GATED = CATALOGUE.find((c) => c.features.length === 1 && c.features[0] === "numeric-ids" && c.needs.length === 0)!.id;

describe("the runner's outcome rules", () => {
  const of = inlineSuite(
    "inline",
    {
      "outcomes.test.ts": `
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
import { PreconditionError } from ${src("harness/precondition.ts")};
clause(${JSON.stringify(ASSERTS)}, async () => { expect(1, "the build answered wrong").toBe(2); });
clause(${JSON.stringify(PRECONDITION)}, async () => { throw new PreconditionError("precondition failed: could not create a task space", ${JSON.stringify(OWNER)}); });
clause(${JSON.stringify(OWN_RULE)}, async () => { throw new PreconditionError("its own rule", ${JSON.stringify(OWN_RULE)}); });
clause(${JSON.stringify(HARNESS_BUG)}, async () => { throw new TypeError("a harness bug"); });
clause(${JSON.stringify(UNSPECIFIED)}, async (ctx) => { await ctx.openDetail(() => { expect("the build's choice").toBe("the fake's choice"); }); });
clause(${JSON.stringify(CORE)}, async (ctx) => { expect("the core's answer", "the documented core").toBe("the documented one"); await ctx.openDetail(() => {}); });
clause(${JSON.stringify(GATED)}, async () => { throw new Error("a gated clause must not run"); });
`,
    },
    { [RUN_ENV.persona]: "pre-numeric-ids" },
  );

  test("an assertion is failed", () => {
    expect(of(ASSERTS).status).toBe("failed");
    expect(labelValue(of(ASSERTS), LABEL.outcome)).toBeUndefined();
  });

  test("a PreconditionError is precondition failed, labelled with its owner and naming it in the message", () => {
    const r = of(PRECONDITION);
    expect(r.status).toBe("broken");
    expect(labelValue(r, LABEL.outcome)).toBe("precondition-failed");
    expect(labelValue(r, LABEL.preconditionOwner)).toBe(OWNER);
    expect(r.message).toBe(`precondition failed (owned by ${OWNER}): could not create a task space`);
  });

  test("a PreconditionError about the clause's own rule is failed", () => {
    expect(of(OWN_RULE).status).toBe("failed");
    expect(labelValue(of(OWN_RULE), LABEL.outcome)).toBeUndefined();
  });

  test("any other error is broken", () => {
    expect(of(HARNESS_BUG).status).toBe("broken");
    expect(labelValue(of(HARNESS_BUG), LABEL.outcome)).toBeUndefined();
  });

  test("an unspecified clause whose open detail differs from the fake is recorded, not failed", () => {
    expect(of(UNSPECIFIED).status).toBe("passed");
    expect(labelValue(of(UNSPECIFIED), LABEL.unspecifiedOutcome)).toBe("differs-from-the-fake");
  });

  test("an unspecified clause whose documented core is broken fails", () => {
    expect(of(CORE).status).toBe("failed");
    expect(of(CORE).message).toMatch(/the documented core/);
  });

  test("a gated clause is skipped with its key in a label and its reason in the message", () => {
    expect(of(GATED).status).toBe("skipped");
    expect(labelValue(of(GATED), LABEL.notApplicable)).toBe("feature:numeric-ids");
    expect(of(GATED).message).toMatch(/^not applicable: needs the 'numeric-ids' feature, which Ego Lite \S+ does not have$/);
    expect(labelValue(of(GATED), LABEL.statusMessage)).toBeUndefined();
  });
});
