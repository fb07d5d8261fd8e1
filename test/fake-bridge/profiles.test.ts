/** Profiles and profile-aware task-space creation. */
import { describe, expect, it } from "vitest";
import { ProfileList } from "../../src/contract/index.js";
import { browser, entryOf, listed, type Loose } from "./helpers.js";

describe("listProfiles", () => {
  it("resolves the default profile list", async () => {
    const { ego } = browser();
    const result = ProfileList.parse(await ego.listProfiles!());
    expect(result).toEqual({
      profiles: [
        { id: "Default", name: "Personal", isDefault: true },
        { id: "Profile 2", name: "Work", isDefault: false },
      ],
    });
  });

  it("is configurable; the default need not have id 'Default'", async () => {
    const profiles = [
      { id: "Profile 1", name: "Home", isDefault: false },
      { id: "Profile 7", name: "Home", isDefault: true },
    ];
    const { ego } = browser({ profiles });
    expect(await ego.listProfiles!()).toEqual({ profiles });
    const ref = (await ego.createTaskSpace("x")) as Loose;
    expect(await entryOf(ego, ref.id)).toMatchObject({ profileId: "Profile 7", profileName: "Home" });
  });

  it("rejects a configuration without exactly one default or with duplicate ids", () => {
    expect(() => browser({ profiles: [] })).toThrow(/at least one profile/);
    expect(() => browser({ profiles: [{ id: "A", name: "a", isDefault: false }] })).toThrow(/exactly one/);
    expect(() =>
      browser({
        profiles: [
          { id: "A", name: "a", isDefault: true },
          { id: "A", name: "b", isDefault: false },
        ],
      }),
    ).toThrow(/duplicate/);
  });

  it("returns copies: mutating a result does not change the browser", async () => {
    const { ego } = browser();
    const first = (await ego.listProfiles!()) as Loose;
    first.profiles[0].name = "changed";
    expect(((await ego.listProfiles!()) as Loose).profiles[0].name).toBe("Personal");
  });
});

describe("createTaskSpace(name, profileId?)", () => {
  for (const [label, args] of [
    ["omitted", ["x"]],
    ["empty", ["x", ""]],
    ["'default'", ["x", "default"]],
  ] as const) {
    it(`${label} profileId selects the default profile`, async () => {
      const { ego } = browser();
      const ref = (await (ego.createTaskSpace as Loose)(...args)) as Loose;
      expect(await entryOf(ego, ref.id)).toMatchObject({ profileId: "Default", profileName: "Personal" });
    });
  }

  it("an id selects that profile", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("work", "Profile 2")) as Loose;
    expect(await entryOf(ego, ref.id)).toMatchObject({ profileId: "Profile 2", profileName: "Work" });
  });

  for (const unknown of ["Profile 9", "Work", "Personal", "DEFAULT", " Default"]) {
    it(`'${unknown}' resolves PROFILE_NOT_FOUND and creates nothing`, async () => {
      const { ego } = browser();
      expect(await ego.createTaskSpace("x", unknown)).toEqual({ error: "Profile not found", error_code: "EGO_PROFILE_NOT_FOUND" });
      expect(await listed(ego)).toEqual([]);
      // the counter did not move either: the next space still gets id 1
      expect(((await ego.createTaskSpace("y")) as Loose).id).toBe(1);
    });
  }
});
