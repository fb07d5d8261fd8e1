// The shipped fake baseline (fixtures/baselines/0.5.1.13-fake.json) covers the catalogue as it is:
// a clause added without saving the baseline again would be "added" to every gate forever, and a
// clause removed would be "missing" and block it. Save it again (fixtures/baselines/README.md).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { baselinePath } from "../../src/gate/baseline-store.js";

describe("the shipped 0.5.1.13-fake baseline", () => {
  it("has exactly the catalogue's clauses", async () => {
    const baseline = JSON.parse(await readFile(baselinePath("0.5.1.13-fake"), "utf8")) as { catalogueClauses: number; clauses: Record<string, unknown>; passed: boolean };
    const ids = CATALOGUE.map((c) => c.id);
    const lagging = ids.filter((id) => !(id in baseline.clauses));
    const gone = Object.keys(baseline.clauses).filter((id) => !ids.includes(id));
    expect({ lagging, gone }, "save the baseline again: ego-conformance run && ego-conformance baseline save (fixtures/baselines/README.md)").toEqual({ lagging: [], gone: [] });
    expect(baseline.catalogueClauses).toBe(CATALOGUE.length);
    expect(baseline.passed).toBe(true);
  });
});
