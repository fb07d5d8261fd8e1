// Closing a tab over raw CDP as the v1 runtime's closeTab does, then polling listTabs. The reference
// is silent on closing tabs: the core is the runtime's wait, the open detail whether the first listing
// after the answer is already without it.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import { openTab, waitForTab } from "../../src/harness/tabs.js";

/** the v1 runtime's closeTab polls listTabs this long */
const RUNTIME_WAIT_MS = 2_000;

clause("tabs.cdp-close.unlisted", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const kept = offlineUrl("close-kept");
  const closing = offlineUrl("close-closed");
  const stays = await openTab(ego, own, kept);
  const goes = await openTab(ego, own, closing);
  // both listed first (a new tab reports its url on its own time), so the close is what changes the listing
  await waitForTab(ego, own, stays.targetId, { url: kept });
  const before = await waitForTab(ego, own, goes.targetId, { url: closing });
  if (!before.met) throw new Error(`the tab to close was never listed: ${JSON.stringify(before.tabs)}`);
  const seen = await ego.evaluate(
    async (p, id, targetId, waitMs) => {
      if (!(await p.use(id))) return null;
      const closed = (await p.withCdp((cdp) => cdp.send("Target.closeTarget", { targetId }), { timeoutMs: 10_000 })) as { result?: { success?: unknown }; error?: unknown };
      const listed = (o: { value?: unknown }) => ((o.value as { tabs?: { targetId: string }[] } | undefined)?.tabs ?? []).map((t) => t.targetId);
      const first = await p.call("listTabs", []);
      const deadline = Date.now() + (waitMs as number);
      const poll = p.poll();
      let last = first;
      while (listed(last).includes(targetId as string) && Date.now() < deadline) {
        await p.sleep(50);
        last = await poll.attempt(() => p.call("listTabs", []));
      }
      return { closed, first: listed(first), last: listed(last), channel: last.channel };
    },
    own.id,
    goes.targetId,
    RUNTIME_WAIT_MS,
  );
  if (seen === null) throw selectionRefused(own.id);
  if (seen.closed.result === undefined) throw new Error(`Target.closeTarget on the space's own tab was not answered with a result: ${JSON.stringify(seen.closed)}`);
  expect(seen.channel, "listTabs resolves after the close").toBe("resolved");
  expect(seen.last, `the closed tab leaves listTabs within ${RUNTIME_WAIT_MS / 1000} s of the close's answer`).not.toContain(goes.targetId);
  expect(seen.last, "the space's other tab stays listed").toContain(stays.targetId);
  await openDetail(() => {
    expect(seen.first, "the first listTabs after the close's answer no longer lists the tab").not.toContain(goes.targetId);
  });
});
