// An invocation ends when its script ends, whatever raw CDP requests are still pending:
// the v2 runtime abandons a Runtime.evaluate or leaves an Input.dispatchMouseEvent
// unanswered behind a JS alert, and its process must still exit. sendCDPMessage returns
// undefined, so a script cannot await it; its other calls are promises the script may leave
// pending, and the process exits once those settle (the reference, "Async behavior").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM } from "../chromium/support.js";
import { fakeInstall, runLauncher, type FakeInstall } from "./support.js";

const SCRIPT = `
const s = await ego.createTaskSpace("pending cdp");
ego.useTaskSpace(s.id);
const tab = await ego.createTab("about:blank");
let attached;
const session = new Promise((r) => (attached = r));
ego.onCDPMessage = (text) => { const m = JSON.parse(text); if (m.id === 1) attached(m.result.sessionId); };
ego.sendCDPMessage(JSON.stringify({ id: 1, method: "Target.attachToTarget", params: { targetId: tab.targetId, flatten: true } }));
const sessionId = await session;
// never answered: the page's promise never settles
ego.sendCDPMessage(JSON.stringify({ id: 2, sessionId, method: "Runtime.evaluate", params: { expression: "new Promise(() => {})", awaitPromise: true } }));
console.log("script done");
`;

describe.skipIf(NO_CHROMIUM)("a script with a raw CDP request still pending", { timeout: 60_000 }, () => {
  closeBrowsersAfterAll();
  let fake: FakeInstall;
  beforeAll(async () => {
    fake = await fakeInstall({ server: { chromium: CHROMIUM!, pages: "chromium" } });
  });
  afterAll(async () => fake?.close());

  it("ends when the script ends", async () => {
    const started = Date.now();
    const r = await runLauncher(fake.cli, ["nodejs"], { input: SCRIPT, timeoutMs: 20_000 });
    expect(r.timedOut, `the invocation did not end within 20 s; stderr: ${r.stderr}`).toBe(false);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("script done");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("with the pending-cdp-holds-script mutant, the same script keeps the invocation running (the mutant this test stands guard over)", async () => {
    const mutated = await fakeInstall({ server: { chromium: CHROMIUM!, pages: "chromium", mutants: ["pending-cdp-holds-script"] } });
    try {
      const r = await runLauncher(mutated.cli, ["nodejs"], { input: SCRIPT, timeoutMs: 8_000 });
      expect(r.stdout, r.stderr).toContain("script done");
      expect(r.timedOut, "the invocation outlived its script").toBe(true);
    } finally {
      await mutated.close();
    }
  });

  it("still waits for a promise the script left pending (a later call settles it)", async () => {
    const r = await runLauncher(fake.cli, ["nodejs"], { input: `const s = await ego.createTaskSpace("left pending"); ego.useTaskSpace(s.id); ego.listTabs().then((l) => console.log("settled", l.tabs.length));`, timeoutMs: 20_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("settled 1");
  });
});
