// Raw CDP against real pages: attach with flatten, Runtime.evaluate, an event; Browser.getVersion;
// what the channel refuses (answered is the core; which methods it refuses is an open detail).
import { expect } from "vitest";
import type { Json } from "../../src/contract/arguments.js";
import { clause } from "../../src/harness/clause.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import type { Session } from "../../src/targets/target.js";

const PAGE = "data:text/html,<title>cdp round trip</title><p>round trip</p>";

/** Opens a tab in a fresh space, attaches to it with flatten and runs `then` on the session; every delivery is checked to be a JSON string. */
async function onAttachedTab(ego: Session, spaceId: number) {
  const seen = await ego.evaluate(async (p, id, url) => {
    if (!(await p.use(id)) && typeof id !== "number") return null;
    const tab = (await p.ego.createTab(url)) as { targetId: string };
    const raw: { type: string }[] = [];
    return p.withCdp(async (cdp) => {
      const inner = p.ego.onCDPMessage as (text: unknown) => void;
      p.ego.onCDPMessage = (text: unknown) => {
        raw.push({ type: typeof text });
        inner(text);
      };
      const attach = await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true });
      const sessionId = (attach.result as { sessionId?: string } | undefined)?.sessionId;
      if (sessionId === undefined) return { tab, attach, raw, events: cdp.events };
      const evaluate = await cdp.send("Runtime.evaluate", { expression: "6 * 7", returnByValue: true }, sessionId);
      const enable = await cdp.send("Runtime.enable", undefined, sessionId);
      const created = await cdp.waitForEvent("Runtime.executionContextCreated", sessionId, 10_000);
      return { tab, attach, sessionId, evaluate, enable, created, raw, events: cdp.events };
    }, { timeoutMs: 10_000 });
  }, spaceId, PAGE);
  // a string id the build handed out and its own useTaskSpace refused
  if (seen === null) throw selectionRefused(spaceId);
  return seen;
}

/** One CDP command sent from the space `spaceId` with a client of its own: the answer. */
async function sendFromSpace(ego: Session, spaceId: number, method: string, params?: Json) {
  const answer = await ego.evaluate(async (p, id, method, params) => {
    if (!(await p.use(id)) && typeof id !== "number") return null;
    return p.withCdp((cdp) => cdp.send(method, params ?? undefined));
  }, spaceId, method, params ?? null);
  // a string id the build handed out and its own useTaskSpace refused
  if (answer === null) throw selectionRefused(spaceId);
  return answer;
}

clause("cdp.round-trip.attach-flatten", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await onAttachedTab(ego, own.id);
  expect(seen.attach, "attach answered").toMatchObject({ id: expect.any(Number), result: { sessionId: expect.any(String) } });
  expect(seen.raw.every((r) => r.type === "string"), "every delivery is a string").toBe(true);
});

clause("cdp.round-trip.runtime-evaluate", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await onAttachedTab(ego, own.id);
  expect(seen.sessionId, `attach answered a session: ${JSON.stringify(seen.attach)}`).toEqual(expect.any(String));
  expect(seen.evaluate).toMatchObject({ sessionId: seen.sessionId, result: { result: { type: "number", value: 42 } } });
});

clause("cdp.round-trip.event", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await onAttachedTab(ego, own.id);
  expect(seen.sessionId, `attach answered a session: ${JSON.stringify(seen.attach)}`).toEqual(expect.any(String));
  expect(seen.enable).toMatchObject({ result: {} });
  expect(seen.created, "Runtime.executionContextCreated arrived on the session").toMatchObject({ method: "Runtime.executionContextCreated", sessionId: seen.sessionId, params: { context: expect.any(Object) } });
  expect(seen.raw.every((r) => r.type === "string"), "every delivery is a string").toBe(true);
});

/** The documented core of a send on the selected agent-owned space: it was sent and its answer came back with its id. */
function expectAnswered(answer: { id?: unknown; result?: unknown; error?: unknown }) {
  expect(answer, "a response carrying the message's id").toMatchObject({ id: expect.any(Number) });
  expect(answer.result !== undefined || answer.error !== undefined, `a result or an error: ${JSON.stringify(answer)}`).toBe(true);
}

clause("cdp.browser-getversion.answered", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const answer = await sendFromSpace(ego, own.id, "Browser.getVersion");
  expectAnswered(answer);
  await openDetail(() => expect(answer).toMatchObject({ result: { protocolVersion: expect.any(String), product: expect.any(String) } }));
});

/**
 * The origin the grant names: a loopback port nothing serves (9, discard). A build that accepts the
 * command (the deviation this clause owns) then grants nothing a real site of the user's profile
 * could use; without an origin the grant would hold for every site (test/safety/permission-probes.test.ts).
 */
clause("cdp.refused.grant-permissions", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const answer = await sendFromSpace(ego, own.id, "Browser.grantPermissions", { permissions: ["clipboardReadWrite"], origin: "http://127.0.0.1:9" });
  expectAnswered(answer);
  await openDetail(() => {
    expect(answer, "an error response, not a result").toMatchObject({ error: { code: expect.any(Number), message: expect.any(String) } });
    expect(answer.result).toBeUndefined();
  });
});
