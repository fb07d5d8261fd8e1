// The invariance check's data: snapshots of the spaces that are not the run's, and their diff.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invarianceVerdict } from "../../src/safety/invariance.js";
import { readListing, SPACE_FIELDS, type ListedSpace } from "../../src/safety/listed-space.js";
import { describeDiff, diffUserSpaces, userSpaces } from "../../src/safety/user-space-changes.js";

const RUN = "20261130-124501-3fa9c2";
const user: ListedSpace = { id: 1, name: "Groceries", ownership: "user", createdBy: "user", profileId: "Default", profileName: "Personal", recentTabTitles: ["Shop", "Recipes"] };
const ours: ListedSpace = { id: 9, name: `ego-conformance ${RUN} tabs.list space-1`, ownership: "agent", createdBy: "agent", profileId: "Default", profileName: "Personal", recentTabTitles: [] };
const snap = (...spaces: ListedSpace[]) => userSpaces({ ok: true, spaces }, RUN);

describe("user-space snapshots", () => {
  it("reads a listing, keeping ids as the build gave them and missing fields as null", () => {
    expect(readListing({ taskSpaces: [{ id: "7", name: "x", taskId: "x" }] })).toEqual({ ok: true, spaces: [{ id: "7", name: "x", ownership: null, createdBy: null, profileId: null, profileName: null, recentTabTitles: null }] });
    expect(readListing([{ id: 1 }])).toMatchObject({ ok: false, reason: /did not resolve \{taskSpaces/ });
    expect(readListing({ taskSpaces: [3] })).toMatchObject({ ok: false, reason: /non-object entry/ });
  });

  it("leaves the run's own spaces out", () => {
    expect(snap(user, ours)).toMatchObject({ count: 1, spaces: [user] });
  });

  it("finds nothing when nothing but the run's spaces changed", () => {
    const diff = diffUserSpaces(snap(user, ours), snap(user));
    expect(diff.unchanged).toBe(true);
    expect(invarianceVerdict({ ok: true, snapshot: snap(user, ours) }, { ok: true, snapshot: snap(user) })).toEqual({ status: "passed" });
  });

  it("reports removed, added and changed spaces, field by field", () => {
    const other: ListedSpace = { ...user, id: 2, name: "Work" };
    const stray: ListedSpace = { ...ours, id: 10, name: "space-without-prefix" };
    const diff = diffUserSpaces(snap(user, other), snap({ ...user, ownership: "agent", recentTabTitles: ["Shop"] }, stray));
    expect(diff).toMatchObject({ unchanged: false, countBefore: 2, countAfter: 2, removed: [other], added: [stray] });
    expect(diff.changed).toEqual([{ id: 1, name: "Groceries", changes: [{ field: "ownership", before: "user", after: "agent" }, { field: "recentTabTitles", before: ["Shop", "Recipes"], after: ["Shop"] }] }]);
    expect(describeDiff(diff)).toEqual([
      'removed: "Work" (id 2), ownership "user"',
      'added: "space-without-prefix" (id 10), ownership "agent"',
      'changed: "Groceries" (id 1) ownership: "user" -> "agent"',
      'changed: "Groceries" (id 1) recentTabTitles: ["Shop","Recipes"] -> ["Shop"]',
    ]);
    // the build may have lost a space itself: the verdict says what changed, not who changed it
    const verdict = invarianceVerdict({ ok: true, snapshot: snap(user, other) }, { ok: true, snapshot: snap(user) });
    expect(verdict.status).toBe("failed");
    expect(verdict.message?.split("\n")[0]).toBe("task spaces that are not the run's changed during the run:");
  });

  it("catches a change to any one compared field of any space (property)", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const spaceArb = fc.record({ id: fc.integer({ min: 1, max: 1000 }), name: fc.string(), ownership: value, createdBy: value, profileId: value, profileName: value, recentTabTitles: value });
    fc.assert(
      fc.property(fc.uniqueArray(spaceArb, { minLength: 1, maxLength: 6, selector: (s) => s.id }), fc.nat(), fc.constantFrom(...SPACE_FIELDS.filter((f) => f !== "id")), (spaces, pick, field) => {
        const visible = spaces.filter((s) => !String(s.name).startsWith("ego-conformance "));
        fc.pre(visible.length > 0);
        const before = snap(...(visible as ListedSpace[]));
        expect(diffUserSpaces(before, snap(...(visible as ListedSpace[]))).unchanged).toBe(true);
        const i = pick % visible.length;
        const mutated = visible.map((s, j) => (j === i ? { ...s, [field]: { changed: s[field] } } : s));
        fc.pre(!String(mutated[i]!.name).startsWith("ego-conformance "));
        const diff = diffUserSpaces(before, snap(...(mutated as unknown as ListedSpace[])));
        expect(diff.unchanged).toBe(false);
        expect(diff.changed[0]?.changes.map((c) => c.field)).toEqual([field]);
      }),
    );
  });

  it("is broken, not green, when a listing could not be taken", () => {
    expect(invarianceVerdict({ ok: false, reason: "timeout" }, { ok: true, snapshot: snap(user) })).toEqual({ status: "broken", message: "could not list the task spaces before the run: timeout" });
    expect(invarianceVerdict({ ok: true, snapshot: snap(user) }, { ok: false, reason: "gone" })).toMatchObject({ status: "broken" });
  });
});
