// Cross-space isolation of the raw CDP channel: a space can neither see nor attach to another
// space's targets, and a session stays in the space it was attached in.
import { expect } from "vitest";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import type { ProbeFunction } from "../../src/targets/target.js";

const PAGE = "data:text/html,<title>isolated</title><p>another space</p>";

/** Two fresh spaces of the run, A and B: `probe` runs in the target with their ids and the page to open. */
async function acrossSpaces<R>({ ego, spaces }: ClauseContext, probe: ProbeFunction<[number, number, string], R>) {
  const a = await spaces.create({ label: "a" });
  const b = await spaces.create({ label: "b" });
  return ego.evaluate(probe, a.id, b.id, PAGE);
}

clause("cdp.isolation.attach-other-space-refused", async (ctx) => {
  const seen = await acrossSpaces(ctx, async (p, a, b, url) => {
    await p.use(a);
    const foreign = (await p.ego.createTab(url)) as { targetId: string };
    await p.use(b);
    return p.withCdp(async (cdp) => {
      const attach = await cdp.send("Target.attachToTarget", { targetId: foreign.targetId, flatten: true });
      // CDP answers one connection in order: an attachedToTarget the refused attach caused would
      // arrive before the answer to a command sent after it (answered or refused alike)
      const after = await cdp.send("Target.getTargets");
      return { attach, after, events: cdp.events };
    }, { timeoutMs: 10_000 });
  });
  expect(seen.attach.timeout, "the attach was answered").toBeUndefined();
  expect(seen.after.timeout, "the command after the attach was answered, so every event before it has arrived").toBeUndefined();
  expect(seen.attach.result, "no session into another space's tab").toBeUndefined();
  expect(seen.attach.error ?? seen.attach.sendError, "an error response (or a send error)").toBeDefined();
  expect(seen.events.filter((e) => e.method === "Target.attachedToTarget"), "no attachedToTarget event").toEqual([]);
});

clause("cdp.isolation.targets-scoped", async (ctx) => {
  const seen = await acrossSpaces(ctx, async (p, a, b, url) => {
    await p.use(a);
    const foreign = (await p.ego.createTab(url)) as { targetId: string };
    await p.use(b);
    const own = (await p.ego.createTab(url)) as { targetId: string };
    const targets = await p.withCdp((cdp) => cdp.send("Target.getTargets"), { timeoutMs: 10_000 });
    return { foreign: foreign.targetId, own: own.targetId, targets };
  });
  const ids = ((seen.targets.result as { targetInfos?: { targetId: string }[] } | undefined)?.targetInfos ?? []).map((t) => t.targetId);
  expect(seen.targets.result, `Target.getTargets answered: ${JSON.stringify(seen.targets)}`).toBeDefined();
  expect(ids, "the space's own tab is listed").toContain(seen.own);
  expect(ids, "another space's tab is not").not.toContain(seen.foreign);
});

clause("cdp.isolation.session-stays-in-space", async (ctx) => {
  const seen = await acrossSpaces(ctx, async (p, a, b, url) => {
    await p.use(a);
    const tab = (await p.ego.createTab(url)) as { targetId: string };
    return p.withCdp(async (cdp) => {
      const attach = await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true });
      const sessionId = (attach.result as { sessionId?: string } | undefined)?.sessionId;
      if (sessionId === undefined) return { attach };
      const inA = await cdp.send("Runtime.evaluate", { expression: "1 + 1", returnByValue: true }, sessionId);
      await p.use(b);
      const fromB = await cdp.send("Runtime.evaluate", { expression: "document.title", returnByValue: true }, sessionId);
      return { attach, sessionId, inA, fromB };
    }, { timeoutMs: 10_000 });
  });
  expect(seen.sessionId, `the attach in space A answered a session: ${JSON.stringify(seen.attach)}`).toEqual(expect.any(String));
  expect(seen.inA, "the session works in its own space").toMatchObject({ result: { result: { value: 2 } } });
  expect(seen.fromB?.timeout, "answered").toBeUndefined();
  expect(seen.fromB?.result, "no page answer once another space is selected").toBeUndefined();
});
