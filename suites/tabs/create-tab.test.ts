// createTab(url) resolves a tab descriptor with a targetId.
import { expect } from "vitest";
import { CreatedTab } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { observeCall } from "../../src/harness/probes.js";

clause("tabs.create.result", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "createTab", [offlineUrl("create-tab")], own.id)).toResolveMatching(CreatedTab);
});

clause("tabs.create.real-target", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    const tab = (await p.ego.createTab("data:text/html,<title>real target</title>")) as { targetId: string };
    return { tab, answer: await p.withCdp((cdp) => cdp.send("Target.getTargets")) };
  }, own.id);
  const infos = (seen.answer.result as { targetInfos?: { targetId: string; type: string }[] } | undefined)?.targetInfos;
  expect(infos, `Target.getTargets answered: ${JSON.stringify(seen.answer)}`).toBeDefined();
  expect(infos).toContainEqual(expect.objectContaining({ targetId: seen.tab.targetId, type: "page" }));
});
