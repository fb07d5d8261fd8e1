// Which spaces belong to which run, by name: the run's own prefix for cleanup and the invariance
// check, the harness's run-id shape for sweep. Nothing else is ever chosen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newRunId } from "../../src/harness/run-config.js";
import { clausePrefix } from "../../src/space-names/space-names.js";
import { belongsToRun, RUN_ID_SHAPE, runIdOfSpaceName, runIdTime } from "../../src/safety/run-id.js";
import { leftoversOfRun } from "../../src/safety/run-leftovers.js";
import type { ListedSpace } from "../../src/safety/listed-space.js";

const space = (id: number, name: unknown, ownership = "agent"): ListedSpace =>
  ({ id, name, ownership, createdBy: "agent", profileId: "Default", profileName: "Personal", recentTabTitles: [] }) as ListedSpace;

describe("run ids and space names", () => {
  it("newRunId makes ids of the shape sweep recognises, and the harness's space names carry them", () => {
    for (let i = 0; i < 20; i++) {
      const id = newRunId();
      expect(id).toMatch(RUN_ID_SHAPE);
      const name = `${clausePrefix(id, "task-spaces.create.result-shape")} space-1`;
      expect(belongsToRun(name, id)).toBe(true);
      expect(runIdOfSpaceName(name)).toBe(id);
    }
    expect(runIdTime("20261130-124501-3fa9c2")?.toISOString()).toBe("2026-11-30T12:45:01.000Z");
  });

  it("a run's prefix is a whole word: another run, a longer id or a look-alike is not the run's", () => {
    const id = "20261130-124501-3fa9c2";
    expect(belongsToRun(`ego-conformance ${id}`, id)).toBe(true);
    for (const name of [`ego-conformance ${id}0 x`, `ego-conformance 20261130-124501-3fa9c3 x`, `Ego-conformance ${id} x`, ` ego-conformance ${id} x`, `ego-conformance  ${id} x`, "Groceries", 7, null]) {
      expect(belongsToRun(name, id), String(name)).toBe(false);
    }
  });

  it("sweep recognises only names of the harness's shape", () => {
    for (const name of ["ego-conformance", "ego-conformance x", "ego-conformance 2026-11-30 x", "ego-conformance 20261130-124501-3FA9C2 x", "my ego-conformance 20261130-124501-3fa9c2", "ego-conformance 20261130-124501-3fa9c2x"]) {
      expect(runIdOfSpaceName(name), name).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (s) => {
      const id = runIdOfSpaceName(s);
      if (id !== null) expect(s === `ego-conformance ${id}` || s.startsWith(`ego-conformance ${id} `)).toBe(true);
    }));
  });

  it("chooses the run's spaces for cleanup, and nothing of another run or by hand", () => {
    const a = "20261129-080000-aaaaaa";
    const b = "20261130-090000-bbbbbb";
    const listing = [
      space(1, "Groceries", "user"),
      space(2, `ego-conformance ${b} tabs.list x-1`),
      space(3, `ego-conformance ${a} profiles.list x-1`, "user"),
      space(4, "ego-conformance by hand"),
      space(5, `ego-conformance ${b} cdp.send x-2`, "agentDelegatedToUser"),
    ];
    expect(leftoversOfRun(listing, b)).toEqual([{ id: 2, name: `ego-conformance ${b} tabs.list x-1` }, { id: 5, name: `ego-conformance ${b} cdp.send x-2` }]);
    expect(leftoversOfRun(listing, a)).toEqual([{ id: 3, name: `ego-conformance ${a} profiles.list x-1` }]);
    expect(leftoversOfRun(listing, "20261201-000000-cccccc")).toEqual([]);
  });
});
