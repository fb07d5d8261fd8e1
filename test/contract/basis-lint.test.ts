// The basis lint: every required clause rests on a document that states its rule, never on
// research notes alone or an open question (those make it unspecified, with a documented core).
import { describe, expect, it } from "vitest";
import { basisProblem, basisProblems } from "../../src/contract/basis-lint.js";
import { CATALOGUE } from "../../src/contract/index.js";

const required = (section: string) => ({ doc: { section, anchor: "a" }, unspecified: undefined });

describe("the catalogue's basis lint", () => {
  it("every required clause cites the reference or an upstream document", () => {
    expect(basisProblems(CATALOGUE)).toEqual([]);
  });

  it("refuses a required rule resting on research notes alone or on an open question", () => {
    expect(basisProblem(required("research 1.5: sendCDPMessage (CDP facts the runtime recorded)"))).toMatch(/research notes alone/);
    expect(basisProblem(required("Runtime Model (research 3.1: environment variables are not forwarded)"))).toMatch(/research notes alone/);
    expect(basisProblem(required("Chrome DevTools Protocol (research Q21: which methods are refused)"))).toMatch(/open question/);
    expect(basisProblem(required("User control: permission prompts hand the task over"))).toMatch(/neither a heading/);
  });

  it("accepts the reference's headings and named upstream documents, and any unspecified clause", () => {
    expect(basisProblem(required("Chrome DevTools Protocol"))).toBeUndefined();
    expect(basisProblem(required("`await ego.listTabs()`: a location prompt returns { error: 'location' }"))).toBeUndefined();
    expect(basisProblem(required("research 1.5: snapshot (native-snapshot-ref-requirement.md: refId unique per snapshot)"))).toBeUndefined();
    const split = { question: "research Q21", choice: "refused", core: "answered", openDetail: "whether refused", basis: "research Q21" };
    expect(basisProblem({ doc: { section: "research 1.5", anchor: "a" }, unspecified: split })).toBeUndefined();
  });
});
