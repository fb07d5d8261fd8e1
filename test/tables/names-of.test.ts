import { describe, expect, it } from "vitest";
import { isNameOf, namesOf } from "../../src/tables/names-of.js";

describe("the names of a table keyed by name", () => {
  const TABLE = { first: "the first", "second-one": "the second" } as const;

  it("lists the names in the table's order", () => {
    expect(namesOf(TABLE)).toEqual(["first", "second-one"]);
  });

  it("tells a name from anything else, inherited keys included", () => {
    expect(["first", "second-one", "third", "toString", "__proto__", 1, undefined].map((v) => isNameOf(TABLE, v))).toEqual([true, true, false, false, false, false, false]);
  });
});
