// Cross-space isolation of the raw CDP channel: a space can neither see nor attach to another
// space's targets, and a session stays in the space it was attached in.
import { expect } from "vitest";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { PreconditionError } from "../../src/harness/precondition.js";
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

// The browser stays up across invocations: a session one invocation attached still
// answers after another invocation started and attached to the same tab. A launcher that
// relaunches the shared browser (or its DevTools connections) for a new invocation ends it.
clause("cdp.session.survives-other-invocation", async ({ ego, session, spaces, openDetail }) => {
  const own = await spaces.create();
  const first = await ego.evaluate(async (p, id, url) => {
    await p.use(id);
    const tab = (await p.ego.createTab(url)) as { targetId: string };
    return p.withCdp(async (cdp) => {
      const attach = await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true });
      const sessionId = (attach.result as { sessionId?: string } | undefined)?.sessionId;
      const before = sessionId === undefined ? undefined : await cdp.send("Runtime.evaluate", { expression: "1 + 1", returnByValue: true }, sessionId);
      return { targetId: tab.targetId, attach, sessionId, before };
    }, { timeoutMs: 10_000 });
  }, own.id, PAGE);
  // the session's own rules are cdp.round-trip's: without a working session there is nothing to judge here
  if (first.sessionId === undefined) throw new PreconditionError(`Target.attachToTarget with flatten answered no sessionId: ${JSON.stringify(first.attach)}`, "cdp.round-trip.attach-flatten");
  const answered = (first.before?.result as { result?: { value?: unknown } } | undefined)?.result?.value;
  if (answered !== 2) throw new PreconditionError(`Runtime.evaluate on the new session was not answered by the page: ${JSON.stringify(first.before)}`, "cdp.round-trip.runtime-evaluate");
  // another invocation starts, and attaches a session of its own to the same tab
  const other = await session();
  const second = await other.evaluate(async (p, id, targetId) => {
    await p.use(id);
    return p.withCdp(async (cdp) => {
      const attach = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
      const sessionId = (attach.result as { sessionId?: string } | undefined)?.sessionId;
      return { attach, sessionId };
    }, { timeoutMs: 10_000 });
  }, own.id, first.targetId);
  // the first invocation's session, after the other invocation's start
  const after = await ego.evaluate(async (p, id, sessionId) => {
    await p.use(id);
    return p.withCdp((cdp) => cdp.send("Runtime.evaluate", { expression: "6 * 7", returnByValue: true }, sessionId), { timeoutMs: 10_000 });
  }, own.id, first.sessionId);
  expect(after.timeout, "the first invocation's session is answered after another invocation started").toBeUndefined();
  expect(after, "the first invocation's session still reaches its page").toMatchObject({ sessionId: first.sessionId, result: { result: { value: 42 } } });
  await openDetail(async () => {
    expect(second.sessionId, `the other invocation attached its own session: ${JSON.stringify(second.attach)}`).toEqual(expect.any(String));
    const again = await other.evaluate(async (p, id, sessionId) => {
      await p.use(id);
      return p.withCdp((cdp) => cdp.send("Runtime.evaluate", { expression: "2 + 3", returnByValue: true }, sessionId), { timeoutMs: 10_000 });
    }, own.id, second.sessionId ?? "");
    expect(again, "the other invocation's session also still answers").toMatchObject({ result: { result: { value: 5 } } });
  });
});
