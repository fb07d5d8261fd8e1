// sendCDPMessage: synchronous undefined, callback slots cleared by non-functions, missing spaces.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { selectClosedSpace } from "../../src/harness/probes.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";

const MESSAGE = JSON.stringify({ id: 1, method: "Browser.getVersion" });

clause("cdp.send.returns-undefined", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, message) => {
    await p.use(id);
    return p.cdp(message);
  }, own.id, MESSAGE);
  expect(seen.channel, "sendCDPMessage is synchronous").toBe("returned");
  expect(seen.valueType).toBe("undefined");
});

/**
 * The send that must call each callback, and the clause whose rule says so: with nothing
 * selected a send fails before CDP and reports through onSendCDPMessageError; on the selected
 * agent-owned space a command is answered through onCDPMessage.
 */
const MUST_CALL = {
  onSendCDPMessageError: { selected: false, owner: "error-codes.not-selected.sendCDPMessage" },
  onCDPMessage: { selected: true, owner: "cdp.browser-getversion.answered" },
} as const;
/** how long a callback may take to be called once the host has something to deliver */
const DELIVERY_BOUND_MS = 10_000;

/**
 * "Assigning any non-function value clears the callback", for both callbacks. A callback that is
 * never called proves nothing when it is not: each is first shown to be called in this run by a
 * send that must call it, and only then is 42 assigned and the same send made again. A host that
 * calls the non-function throws a TypeError where the script cannot catch it (its process would
 * exit): while the clause watches, such an error is held as a result, and it fails the clause.
 */
clause("cdp.callbacks.non-function-clears", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, mustCall, boundMs) => {
    const surface = p.ego as unknown as Record<string, unknown> & { sendCDPMessage(m: string): unknown };
    const uncaught: string[] = [];
    const hold = (error: unknown): void => {
      uncaught.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    };
    const events = ["uncaughtException", "unhandledRejection"] as const;
    const others = events.map((event) => {
      const listeners = process.listeners(event as "uncaughtException");
      process.removeAllListeners(event);
      process.on(event as "uncaughtException", hold);
      return listeners;
    });
    try {
      const slots = [];
      let nextId = 9101;
      for (const [slot, how] of Object.entries(mustCall)) {
        // a string id the build handed out and its own useTaskSpace refused: nothing to prove on it
        if (how.selected && !(await p.use(id)) && typeof id !== "number") return { refused: true, slots };
        let calls = 0;
        surface[slot] = () => {
          calls += 1;
        };
        // a send meant for onCDPMessage that fails instead says why (a closed channel is the
        // infrastructure's, which the probe's answer then carries for the harness to see)
        let failedWith: { message: string; code: string | null } | undefined = undefined;
        if (slot === "onCDPMessage") surface.onSendCDPMessageError = (message: unknown, code?: unknown) => (failedWith = { message: String(message), code: typeof code === "string" ? code : null });
        const started = Date.now();
        surface.sendCDPMessage(JSON.stringify({ id: nextId++, method: "Browser.getVersion" }));
        while (calls === 0 && failedWith === undefined && Date.now() - started < boundMs) await p.sleep(10);
        if (slot === "onCDPMessage") surface.onSendCDPMessageError = undefined;
        const deliveryMs = Date.now() - started;
        if (calls === 0) {
          surface[slot] = undefined;
          // as the probe runtime records a pre-send failure (sendError), so the infrastructure watch reads it
          slots.push({ slot, proven: false, deliveryMs, calls: 0, uncaught: [] as string[], sendError: failedWith ?? null });
          continue;
        }
        calls = 0;
        const heldBefore = uncaught.length;
        surface[slot] = 42;
        surface.sendCDPMessage(JSON.stringify({ id: nextId++, method: "Browser.getVersion" }));
        // window: five times the delivery this host just made (at least 100 ms) shows what it does with a non-function
        await p.sleep(Math.max(100, deliveryMs * 5));
        surface[slot] = undefined;
        slots.push({ slot, proven: true, deliveryMs, calls, uncaught: uncaught.slice(heldBefore), sendError: null as { message: string; code: string | null } | null });
      }
      return { refused: false, slots };
    } finally {
      events.forEach((event, i) => {
        process.removeListener(event as "uncaughtException", hold);
        for (const listener of others[i]!) process.on(event as "uncaughtException", listener as (error: Error) => void);
      });
    }
  }, own.id, MUST_CALL, DELIVERY_BOUND_MS);
  if (seen.refused) throw selectionRefused(own.id);
  for (const s of seen.slots) {
    const owner = MUST_CALL[s.slot as keyof typeof MUST_CALL].owner;
    const instead = s.sendError !== null ? ` (the send failed instead: ${s.sendError.code ?? "no error_code"}: ${s.sendError.message})` : "";
    if (!s.proven) throw new PreconditionError(`${s.slot} was not called within ${DELIVERY_BOUND_MS} ms of a send that must call it${instead}: whether a non-function clears it cannot be told`, owner);
  }
  for (const s of seen.slots) {
    expect(s.uncaught, `${s.slot} = 42: the host called the non-function`).toEqual([]);
    expect(s.calls, `${s.slot} = 42: the function assigned before was still called`).toBe(0);
  }
});

clause("cdp.send.missing-space", async ({ ego, spaces }) => {
  await selectClosedSpace(ego, (await spaces.create()).id);
  const seen = await ego.evaluate((p, message) => p.cdp(message), MESSAGE);
  const errors = (seen.callbacks ?? []).filter((c) => c.slot === "onSendCDPMessageError");
  expect(seen.channel).toBe("returned");
  expect(errors, "one error callback").toHaveLength(1);
  expect(errors[0]!.args[1]).toEqual(expect.stringMatching(/^EGO_/));
  expect((seen.callbacks ?? []).filter((c) => c.slot === "onCDPMessage"), "the message was not sent").toEqual([]);
});
