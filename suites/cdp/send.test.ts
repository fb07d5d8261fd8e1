// sendCDPMessage: synchronous undefined, callback slots cleared by non-functions, missing spaces.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { selectClosedSpace } from "../../src/harness/probes.js";

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

clause("cdp.callbacks.non-function-clears", async ({ ego }) => {
  const seen = await ego.evaluate(async (p, message) => {
    let calls = 0;
    const ego = p.ego as { onSendCDPMessageError: unknown; sendCDPMessage(m: string): unknown };
    ego.onSendCDPMessageError = () => {
      calls += 1;
    };
    ego.onSendCDPMessageError = 42;
    ego.sendCDPMessage(message);
    await p.sleep(50);
    ego.onSendCDPMessageError = undefined;
    return { calls };
  }, MESSAGE);
  expect(seen.calls, "no callback after assigning a non-function").toBe(0);
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
