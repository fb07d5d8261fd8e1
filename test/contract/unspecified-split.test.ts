// "Unspecified is not a free pass": every unspecified clause carries its split (documented core,
// open detail, basis) as validated data, and the catalogue's tags are what the runner reads.
import { describe, expect, it } from "vitest";
import { CATALOGUE, ClauseSchema, conformanceOf, UnspecifiedSchema } from "../../src/contract/index.js";

describe("the core/open-detail split", () => {
  const unspecified = CATALOGUE.filter((c) => c.unspecified !== undefined);

  it("every unspecified clause has a core (or says it has none), an open detail and a basis citing the docs or the research", () => {
    expect(unspecified.length).toBe(46);
    for (const c of unspecified) {
      expect(UnspecifiedSchema.safeParse(c.unspecified).success, c.id).toBe(true);
      expect(c.unspecified!.basis, c.id).toMatch(/native-bindings-api\.md|research/);
    }
  });

  it("the schema refuses a split without its core or open detail", () => {
    const base = { id: "tabs.x.y", title: "a clause for the test", area: "tabs", methods: [], doc: { section: "s", anchor: "a" }, severity: "normal" };
    expect(() => ClauseSchema.parse({ ...base, unspecified: { question: "q? open", choice: "the fake" } })).toThrow();
    expect(conformanceOf(ClauseSchema.parse({ ...base, unspecified: { question: "q? open", choice: "the fake", core: null, openDetail: "all of it, observed", basis: "research Q1" } }))).toBe("unspecified");
    expect(conformanceOf(ClauseSchema.parse({ ...base, unspecified: { question: "q? open", choice: "the fake", core: "the documented part", openDetail: "the rest of it", basis: "research Q1" } }))).toBe("core");
    expect(conformanceOf(ClauseSchema.parse(base))).toBe("required");
  });

  it("the two inputs a documented rule covers are judged in full", () => {
    for (const id of ["arguments.useTaskSpace.id-null", "arguments.claimTaskSpace.id-name-string"]) expect(conformanceOf(CATALOGUE.find((c) => c.id === id)!), id).toBe("required");
  });
});

describe("tags", () => {
  it("the idle clauses are slow, the concurrent-create clause serial, and their files say so", () => {
    const tagged = Object.fromEntries(CATALOGUE.filter((c) => c.tags.length > 0).map((c) => [c.id, c.tags]));
    expect(tagged).toEqual({ "task-spaces.create.idle-stays-listed": ["slow"], "task-spaces.list.idle-user-owned-stays": ["slow"], "task-spaces.create.concurrent-distinct-ids": ["serial"] });
  });
});
