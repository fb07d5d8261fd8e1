// The fake's DevTools pipe to its Chromium: NUL-framed JSON both ways, answers matched by id,
// events with their sessionId, and a closed pipe fails every waiting and later command.
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CdpError, CdpPipe, type CdpEvent } from "../../fake-bridge/chromium/cdp-pipe.js";

function pipe() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const sent: Record<string, unknown>[] = [];
  let text = "";
  toBrowser.setEncoding("utf8");
  toBrowser.on("data", (chunk: string) => {
    text += chunk;
    let end: number;
    while ((end = text.indexOf("\0")) >= 0) {
      sent.push(JSON.parse(text.slice(0, end)) as Record<string, unknown>);
      text = text.slice(end + 1);
    }
  });
  const cdp = new CdpPipe(toBrowser, fromBrowser);
  const reply = (message: unknown) => fromBrowser.write(`${JSON.stringify(message)}\0`);
  const tick = () => new Promise((r) => setImmediate(r));
  return { cdp, sent, reply, fromBrowser, tick };
}

describe("CdpPipe", () => {
  it("sends NUL-framed commands with increasing ids and resolves each with its own answer", async () => {
    const { cdp, sent, reply, tick } = pipe();
    const a = cdp.send("Browser.getVersion");
    const b = cdp.send("DOM.getDocument", { depth: -1 }, "S1");
    await tick();
    expect(sent).toEqual([
      { id: 1, method: "Browser.getVersion", params: {} },
      { id: 2, method: "DOM.getDocument", params: { depth: -1 }, sessionId: "S1" },
    ]);
    reply({ id: 2, result: { root: { nodeId: 1 } }, sessionId: "S1" });
    reply({ id: 1, result: { product: "HeadlessChrome/1" } });
    await expect(a).resolves.toEqual({ product: "HeadlessChrome/1" });
    await expect(b).resolves.toEqual({ root: { nodeId: 1 } });
  });

  it("rejects an error answer with a CdpError carrying Chromium's code and message", async () => {
    const { cdp, reply, tick } = pipe();
    const a = cdp.session("S9")("Page.navigate", { url: "x" });
    await tick();
    reply({ id: 1, error: { code: -32001, message: "Session with given id not found." } });
    const error = await a.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdpError);
    expect(error).toMatchObject({ code: -32001, method: "Page.navigate", message: "Page.navigate: Session with given id not found." });
  });

  it("hands events to every listener with their sessionId, until a listener unsubscribes", async () => {
    const { cdp, reply, tick } = pipe();
    const seen: CdpEvent[] = [];
    const stop = cdp.onEvent((e) => seen.push(e));
    cdp.onEvent(() => {
      throw new Error("a listener's failure is its own");
    });
    reply({ method: "Target.attachedToTarget", params: { sessionId: "S2" } });
    reply({ method: "Page.javascriptDialogOpening", params: { type: "alert" }, sessionId: "S2" });
    await tick();
    stop();
    reply({ method: "Page.loadEventFired", params: {} });
    await tick();
    expect(seen).toEqual([
      { method: "Target.attachedToTarget", params: { sessionId: "S2" } },
      { method: "Page.javascriptDialogOpening", params: { type: "alert" }, sessionId: "S2" },
    ]);
  });

  it("fails every waiting command, and every later one, when the browser's end closes", async () => {
    const { cdp, fromBrowser } = pipe();
    const waiting = cdp.send("Target.createBrowserContext");
    fromBrowser.destroy();
    await cdp.closed;
    await expect(waiting).rejects.toThrow(/pipe closed/);
    await expect(cdp.send("Browser.getVersion")).rejects.toThrow(/pipe closed/);
    expect(cdp.isClosed).toBe(true);
  });

  it("reads messages however the stream cuts them into chunks, inside a multi-byte character too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ method: fc.constantFrom("A.b", "C.d"), n: fc.integer(), s: fc.string({ unit: "grapheme" }) }), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), async (events, cuts) => {
        const { cdp, fromBrowser, tick } = pipe();
        const seen: unknown[] = [];
        cdp.onEvent((e) => seen.push(e.params));
        const bytes = Buffer.from(events.map((e) => `${JSON.stringify({ method: e.method, params: { n: e.n, s: e.s } })}\0`).join(""), "utf8");
        const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((x, y) => x - y);
        let from = 0;
        for (const to of [...at, bytes.length]) {
          fromBrowser.write(bytes.subarray(from, to));
          from = to;
        }
        await tick();
        expect(seen).toEqual(events.map((e) => ({ n: e.n, s: e.s })));
      }),
      { numRuns: 60 },
    );
  });
});
