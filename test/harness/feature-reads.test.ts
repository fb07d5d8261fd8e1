/**
 * A clause's gate covers what its assertions read: a matcher that reads
 * error_code inside a clause that does not declare the error-codes feature writes a gate gap on
 * the result (LABEL.gateGap), which the self-tests fail on; the verdict is untouched. Inline
 * suites (test/support/inline-suite.ts) on the clean fake, clauses picked from the catalogue.
 */
import { describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue } from "../../src/report/results-reader.js";
import { inlineSuite, src } from "../support/inline-suite.js";

const plain = (c: (typeof CATALOGUE)[number]) => c.needs.length === 0 && c.versions === undefined && !c.tags.length;
/** a clause with no feature at all */
const UNGATED = CATALOGUE.find((c) => plain(c) && !c.unspecified && c.features.length === 0)!.id;
/** a clause that declares error-codes */
const GATED = CATALOGUE.find((c) => plain(c) && !c.unspecified && c.features.includes("error-codes"))!.id;
/** an unspecified clause without error-codes: a read in its open detail is observed, not judged */
const OBSERVING = CATALOGUE.find((c) => plain(c) && c.unspecified && c.unspecified.core !== null && !c.features.includes("error-codes"))!.id;

const NOT_SELECTED = `await ctx.ego.evaluate((p) => p.call("listTabs", []))`;

describe("a clause's gate covers what its matchers read", () => {
  const of = inlineSuite(
    "gate-gap",
    {
      "gaps.test.ts": `
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
clause(${JSON.stringify(UNGATED)}, async (ctx) => { expect(${NOT_SELECTED}).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED"); });
clause(${JSON.stringify(GATED)}, async (ctx) => { expect(${NOT_SELECTED}).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED"); });
clause(${JSON.stringify(OBSERVING)}, async (ctx) => { const seen = ${NOT_SELECTED}; await ctx.openDetail(() => { expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED"); }); });
`,
    },
    {},
  );

  test("a clause without the feature that reads error_code has a gate gap, and its verdict is its own", () => {
    expect(of(UNGATED).status, "the gap never fails the build").toBe("passed");
    expect(labelValue(of(UNGATED), LABEL.gateGap)).toBe("reads error_code without declaring the 'error-codes' feature");
  });

  test("a clause that declares error-codes has none", () => {
    expect(of(GATED).status).toBe("passed");
    expect(labelValue(of(GATED), LABEL.gateGap)).toBeUndefined();
  });

  test("a read in the open detail is an observation: no gap", () => {
    expect(labelValue(of(OBSERVING), LABEL.gateGap)).toBeUndefined();
  });
});
