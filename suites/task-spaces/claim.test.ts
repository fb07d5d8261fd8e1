// claimTaskSpace: ownership, rename, kept name, kept tabs and profile, no selection,
// user-created Spaces, and already agent-owned spaces.
import { expect } from "vitest";
import { ErrorObject, TaskSpaceRef } from "../../src/contract/index.js";
import { openTab, waitForTab, type ListedTab } from "../../src/harness/tabs.js";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";

clause("task-spaces.claim.becomes-agent", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const seen = await observeCall(ego, "claimTaskSpace", [own.id]);
  expect(seen).toResolveMatching(TaskSpaceRef);
  expect(await entryOf(ego, own.id)).toMatchObject({ id: own.id, ownership: "agent" });
});

clause("task-spaces.claim.renames", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const renamed = spaces.name("renamed");
  const seen = await observeCall(ego, "claimTaskSpace", [own.id, renamed]);
  spaces.track({ id: own.id, name: renamed });
  expect(seen.value).toMatchObject({ id: own.id, name: renamed, taskId: renamed });
  expect(await entryOf(ego, own.id, renamed)).toMatchObject({ name: renamed });
});

clause("task-spaces.claim.keeps-name", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  expect((await observeCall(ego, "claimTaskSpace", [own.id])).value).toMatchObject({ id: own.id, name: own.name });
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ name: own.name });
});

clause("task-spaces.claim.keeps-tabs-and-profile", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const url = offlineUrl("claim-keeps-tabs");
  const created = await openTab(ego, own, url);
  // a real page reports its url a moment after it opened, and its title may change while it loads:
  // the tabs are compared by what a claim could change (which tabs, their order, url, the active one)
  const tabsBefore = (await waitForTab(ego, own, created.targetId, { url })).tabs;
  await spaces.complete(own);
  const entryBefore = await entryOf(ego, own.id);
  await observeCall(ego, "claimTaskSpace", [own.id]);
  const tabsAfter = await observeCall(ego, "listTabs", [], own.id);
  const listed = (tabsAfter.value as { tabs?: ListedTab[] } | undefined)?.tabs;
  const kept = (tabs: ListedTab[] | undefined) => tabs?.map(({ index, targetId, url }) => ({ index, targetId, url }));
  expect(kept(listed), "tabs unchanged by complete and claim").toEqual(kept(tabsBefore));
  // the space was the user's between complete and claim, and its tabs cannot be listed then
  await openDetail(() => {
    expect(listed?.find((t) => t.active)?.targetId, "the tab active before completeTaskSpace is active after the claim").toBe(tabsBefore.find((t) => t.active)?.targetId);
  });
  const entryAfter = await entryOf(ego, own.id);
  expect({ profileId: entryAfter?.profileId, profileName: entryAfter?.profileName }).toEqual({ profileId: entryBefore?.profileId, profileName: entryBefore?.profileName });
});

clause("task-spaces.claim.does-not-select", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const seen = await ego.evaluate(async (p, id) => {
    await p.ego.claimTaskSpace(id);
    return p.call("listTabs", []);
  }, own.id);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
});

clause("task-spaces.claim.user-created-space", async ({ ego, spaces, operator }) => {
  const name = spaces.name("user-created");
  const made = await operator.createUserSpace(name, { tabs: [{ url: offlineUrl("notes"), title: "Project notes" }] });
  spaces.track({ id: made.id, name }, { createdBy: "user" });
  const before = await entryOf(ego, made.id);
  const seen = await observeCall(ego, "claimTaskSpace", [made.id, name]);
  expect(seen.value).toMatchObject({ id: made.id, name });
  const after = await entryOf(ego, made.id);
  // a build without profiles lists no profileId: compare it only where the listing carries one
  expect(after).toMatchObject({ id: made.id, ownership: "agent", recentTabTitles: before?.recentTabTitles, ...(before && "profileId" in before ? { profileId: before.profileId } : {}) });
});

clause("task-spaces.claim.agent-owned", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const seen = await observeCall(ego, "claimTaskSpace", [own.id]);
  // core: resolves the space under its own id or a documented refusal; the space keeps its id
  expect(seen.channel, "claimTaskSpace resolves").toBe("resolved");
  const id = (seen.value as { id?: unknown } | undefined)?.id;
  if (id === undefined) expect(seen).toResolveMatching(ErrorObject);
  else expect(id, "a claim answers with the space's own id").toBe(own.id);
  const entry = await entryOf(ego, own.id);
  expect(entry, "the space stays listed under its id").toBeDefined();
  await openDetail(() => {
    expect(seen).toResolveMatching(TaskSpaceRef);
    expect(entry).toMatchObject({ ownership: "agent" });
  });
});
