import { describe, expect, it } from "vitest";
import { appearedSpaces } from "../../src/safety/appeared.js";
import type { ListedSpace } from "../../src/safety/listed-space.js";

const space = (id: number | string | null, name: string | null, createdBy: string | null = "agent"): ListedSpace => ({ id, name, ownership: "agent", createdBy, profileId: null, profileName: null, recentTabTitles: null });

describe("appearedSpaces", () => {
  it("is the agent's new spaces without a harness prefix", () => {
    const before = [space(1, "Groceries", "user"), space(2, "ego-conformance 20261201-000000-aaaaaa c space-1")];
    const after = [...before, space(3, "42"), space(4, ""), space(5, "task 5", null), space("6", "task 6")];
    expect(appearedSpaces(before, after).map((s) => s.id)).toEqual([3, 4, 5, "6"]);
  });

  it("never takes a Space the user made meanwhile, a prefixed space, or one without an id", () => {
    const before = [space(1, "Groceries", "user")];
    const after = [...before, space(2, "Holiday", "user"), space(3, "ego-conformance 20261201-000000-aaaaaa c space-1"), space(null, "42")];
    expect(appearedSpaces(before, after)).toEqual([]);
  });

  it("keeps a space listed before as it was (7 and \"7\" are different ids)", () => {
    expect(appearedSpaces([space(7, "42")], [space(7, "42"), space("7", "42")]).map((s) => s.id)).toEqual(["7"]);
  });
});
