// useTaskSpace: synchronous, local, per invocation, never claims, switches.
import { expect } from "vitest";
import { TabList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall, unusedId } from "../../src/harness/probes.js";
import { selectionRefused, throwIfOwnIdRefused } from "../../src/harness/refused-selection.js";

clause("task-context.use.synchronous", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await observeCall(ego, "useTaskSpace", [own.id]);
  throwIfOwnIdRefused(own.id, seen);
  expect(seen.channel, "a plain value, not a Promise").toBe("returned");
  expect(seen.value).toBe(own.id);
});

clause("task-context.use.does-not-validate", async ({ ego }) => {
  const id = await unusedId(ego);
  const seen = await observeCall(ego, "useTaskSpace", [id]);
  // the value, however it comes back: that the call is synchronous is use.synchronous's rule
  expect(["returned", "resolved"]).toContain(seen.channel);
  expect(seen.value).toBe(id);
});

clause("task-context.use.per-invocation", async ({ ego, session, spaces }) => {
  const own = await spaces.create();
  throwIfOwnIdRefused(own.id, await observeCall(ego, "useTaskSpace", [own.id]));
  expect(await observeCall(ego, "listTabs"), "the selecting invocation sees its space").toResolveMatching(TabList);
  const other = await session();
  expect(await observeCall(other, "listTabs"), "a second invocation starts with nothing selected").toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
});

clause("task-context.use.does-not-claim", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const before = await entryOf(ego, own.id, own.name);
  // a listing that shows no ownership cannot tell a claim: nothing is judged, so nothing passes
  expect(before?.ownership, "the listing shows the user-owned space's ownership").toBe("user");
  await observeCall(ego, "useTaskSpace", [own.id]);
  // what a claim would change: ownership, createdBy, id and name; the rest is the build's own
  // bookkeeping (a touchedAt, tab titles) and may move
  const claimFields = (e: typeof before) => ({ id: e?.id, name: e?.name, ownership: e?.ownership, createdBy: e?.createdBy });
  expect(claimFields(await entryOf(ego, own.id, own.name))).toEqual(claimFields(before));
});

clause("task-context.use.switches", async ({ ego, spaces }) => {
  const first = await spaces.create({ label: "first" });
  const second = await spaces.create({ label: "second" });
  const seen = await ego.evaluate(async (p, a, b) => {
    // awaited where it returns a Promise: that the call is synchronous is use.synchronous's rule
    if (!(await p.use(a)) && typeof a !== "number") return { refused: "first" };
    const one = await p.call("setAgentTaskState", ["first"]);
    if (!(await p.use(b)) && typeof b !== "number") return { refused: "second" };
    const two = await p.call("setAgentTaskState", ["second"]);
    return { refused: null, seen: [one, two] };
  }, first.id, second.id);
  if (seen.refused !== null) throw selectionRefused((seen.refused === "first" ? first : second).id);
  expect(seen.seen[0]).toResolveStatus("setAgentTaskState", first.id);
  expect(seen.seen[1]).toResolveStatus("setAgentTaskState", second.id);
});
