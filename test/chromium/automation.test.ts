// An automation layer built on the native object drives pages through the raw CDP channel alone:
// it attaches to its tab with flatten, then navigates, waits, clicks, types,
// uploads a file, downloads one and takes screencast frames, as the runtime's helpers do against
// the app. The fake answers none of it by hand: each step must reach the real page and come back.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { FIXTURE_FACTS } from "../../src/fixture-pages/index.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { createProbeScope } from "../../src/probe/runtime.js";
import { tempDir } from "../support/temp-dir.js";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixtures = useFixturePages();
const FILES = FIXTURE_FACTS.files;

/** script that downloads /landed.html as `name` from the document it runs in */
const saveFrom = (name: string) =>
  `(() => { const a = document.createElement("a"); a.href = "/landed.html"; a.download = ${JSON.stringify(name)}; document.body.append(a); a.click(); return 1; })()`;
/** the same, run in frames.html's same-origin iframe */
const saveFromSameOriginFrame = (name: string) => `document.querySelector('iframe[title="Same-origin frame"]').contentWindow.eval(${JSON.stringify(saveFrom(name))})`;

/** A fresh space of `b` with a tab at `url`, and a CDP client of the probe runtime (the one the suites use) attached to the tab with flatten. */
async function openPage(b: ReturnType<typeof createFakeBrowser>, name: string, url: string): Promise<Page> {
  const ego: Loose = b.newBinding();
  const space = await ego.createTaskSpace(name);
  ego.useTaskSpace(space.id);
  const tab = await ego.createTab(url);
  const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 15_000 });
  const attach = await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true });
  expect(attach.result?.sessionId, JSON.stringify(attach)).toEqual(expect.any(String));
  return new Page(cdp, attach.result.sessionId, tab.targetId, space.id);
}

/** `fn` on a page of a fake browser of its own, shut down after. */
async function onTab<T>(url: string, fn: (page: Page, browser: ReturnType<typeof createFakeBrowser>) => Promise<T>): Promise<T> {
  const b = createFakeBrowser({ chromium: CHROMIUM! });
  try {
    return await fn(await openPage(b, "automation", url), b);
  } finally {
    await b.shutdown();
  }
}

/** What an automation layer does with a flattened session: commands that must succeed, events, and the page's state. */
class Page {
  constructor(
    readonly cdp: Loose,
    readonly sessionId: string,
    readonly targetId: string,
    readonly spaceId: number,
  ) {}

  /** a command on the page's session; its result, or the test fails with the answer */
  async send(method: string, params?: unknown): Promise<Loose> {
    const answer = await this.cdp.send(method, params, this.sessionId);
    expect(answer.result, `${method}: ${JSON.stringify(answer)}`).toBeDefined();
    return answer.result;
  }

  /** a browser-level command (no session) */
  async browser(method: string, params?: unknown): Promise<Loose> {
    const answer = await this.cdp.send(method, params);
    expect(answer.result, `${method}: ${JSON.stringify(answer)}`).toBeDefined();
    return answer.result;
  }

  /** the next `method` event from now on (of the page's session, or browser-level with `session: false`) */
  next(method: string, options: { session?: boolean; match?: (e: Loose) => boolean } = {}): Promise<Loose> {
    const from = this.cdp.events.length;
    const wanted = (e: Loose) => e.method === method && (options.session === false ? e.sessionId === undefined : e.sessionId === this.sessionId) && (options.match?.(e) ?? true);
    return (async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const seen = (this.cdp.events as Loose[]).slice(from).find(wanted);
        if (seen) return seen;
        if (Date.now() > deadline) throw new Error(`no ${method} within 15 s; events: ${JSON.stringify(this.cdp.events.slice(from).map((e: Loose) => e.method))}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  }

  /** Browser.setDownloadBehavior with events, without a browserContextId: the fake fills in the space's own (without one Chromium would mean the user's) */
  async downloadInto(dir: string): Promise<void> {
    await this.browser("Browser.setDownloadBehavior", { behavior: "allowAndName", downloadPath: dir, eventsEnabled: true });
  }

  /** the next download to complete from now on */
  completedDownload(): Promise<Loose> {
    return this.next("Browser.downloadProgress", { session: false, match: (e) => e.params.state === "completed" });
  }

  async evaluate(expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    expect(exceptionDetails, expression).toBeUndefined();
    return result.value;
  }

  /** waits until document.readyState is complete at a URL ending in `path` */
  async loaded(path: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = (await this.evaluate("location.pathname + ' ' + document.readyState")) as string;
      if (state === `${path} complete`) return;
      if (Date.now() > deadline) throw new Error(`not loaded at ${path}: ${state}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** the centre of the element `selector` in CSS pixels, from DOM.getBoxModel */
  async centre(selector: string): Promise<{ x: number; y: number; nodeId: number }> {
    const { root } = await this.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await this.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    expect(nodeId, selector).toBeGreaterThan(0);
    const { model } = await this.send("DOM.getBoxModel", { nodeId });
    const q: number[] = model.content;
    return { x: (q[0]! + q[2]! + q[4]! + q[6]!) / 4, y: (q[1]! + q[3]! + q[5]! + q[7]!) / 4, nodeId };
  }

  async click(selector: string): Promise<void> {
    const { x, y } = await this.centre(selector);
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
    await this.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
    await this.send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
  }

  async press(key: string, code: string, keyCode: number, text?: string): Promise<void> {
    await this.send("Input.dispatchKeyEvent", { type: "keyDown", key, code, windowsVirtualKeyCode: keyCode, ...(text ? { text } : {}) });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode });
  }
}

describe.skipIf(NO_CHROMIUM)("an automation layer over the native CDP channel", { timeout: 60_000 }, () => {
  closeBrowsersAfterAll();

  it("navigates with Page.navigate and waits for the load event", async () => {
    const server = await fixtures();
    await onTab(server.url("index"), async (page) => {
      await page.send("Page.enable");
      const load = page.next("Page.loadEventFired");
      const { frameId, errorText } = await page.send("Page.navigate", { url: server.url("form") });
      expect(errorText).toBeUndefined();
      expect(frameId, "a page's main frame id is its targetId").toBe(page.targetId);
      await load;
      expect(await page.evaluate("document.title")).toBe("Sign in form");
    });
  });

  it("clicks a field, types into it, and submits the form with Enter: the page navigates", async () => {
    const server = await fixtures();
    await onTab(server.url("form"), async (page) => {
      await page.loaded("/form.html");
      await page.send("Page.enable");
      await page.click("#email");
      expect(await page.evaluate("document.activeElement.id"), "the click focused the field").toBe("email");
      await page.send("Input.insertText", { text: "agent@example.tes" });
      await page.press("t", "KeyT", 84, "t");
      expect(await page.evaluate("document.querySelector('#email').value")).toBe("agent@example.test");
      await page.click("#remember");
      expect(await page.evaluate("document.querySelector('#remember').checked"), "the click ticked the checkbox").toBe(true);
      await page.click("#email");
      const navigated = page.next("Page.frameNavigated", { match: (e) => String(e.params.frame.url).includes("/landed.html") });
      await page.press("Enter", "Enter", 13, "\r");
      const { params } = await navigated;
      expect(new URL(params.frame.url).searchParams.get("email")).toBe("agent@example.test");
      await page.loaded("/landed.html");
    });
  });

  it("uploads a file with DOM.setFileInputFiles: the page's change handler sees it", async () => {
    const server = await fixtures();
    const dir = await tempDir("automation-upload");
    const file = join(dir, "notes.txt");
    await writeFile(file, "twelve bytes");
    await onTab(server.url("files"), async (page) => {
      await page.loaded("/files.html");
      const { nodeId } = await page.centre(`#${FILES.input}`);
      await page.send("DOM.setFileInputFiles", { nodeId, files: [file] });
      expect(await page.evaluate("document.querySelector('#chosen').textContent")).toBe(FILES.chosen("notes.txt", 12));
    });
  });

  it("downloads a file where Browser.setDownloadBehavior says, with its events", async () => {
    const server = await fixtures();
    const dir = await tempDir("automation-download");
    await onTab(server.url("files"), async (page) => {
      await page.loaded("/files.html");
      await page.downloadInto(dir);
      const begins = page.next("Browser.downloadWillBegin", { session: false });
      const done = page.completedDownload();
      await page.click(`#${FILES.save}`);
      const { params: begin } = await begins;
      expect(begin).toMatchObject({ frameId: page.targetId, suggestedFilename: FILES.savedAs, url: server.url(FILES.savedFrom) });
      const { params: progress } = await done;
      expect(progress.guid).toBe(begin.guid);
      // allowAndName: the file is named by its guid
      expect(await readdir(dir)).toEqual([begin.guid]);
      expect(await readFile(join(dir, begin.guid), "utf8")).toContain("<h1>Landed</h1>");
    });
  });

  it("a download begun inside an iframe, same-origin or out of process, is shown too", async () => {
    const server = await fixtures();
    const dir = await tempDir("automation-download-frames");
    await onTab(server.url("frames"), async (page) => {
      await page.loaded("/frames.html");
      await page.downloadInto(dir);

      // the same-origin frame runs in the page's renderer: no target of its own
      let done = page.completedDownload();
      await page.evaluate(saveFromSameOriginFrame("same-origin.html"));
      await done;

      // the cross-origin frame is a target of its own, reached by attaching to it
      const { targetInfos } = await page.browser("Target.getTargets");
      const frame = (targetInfos as Loose[]).find((t) => t.type === "iframe");
      expect(frame, JSON.stringify(targetInfos)).toBeDefined();
      const attach = await page.cdp.send("Target.attachToTarget", { targetId: frame.targetId, flatten: true });
      done = page.completedDownload();
      const clicked = await page.cdp.send("Runtime.evaluate", { expression: saveFrom("cross-origin.html"), returnByValue: true }, attach.result.sessionId);
      expect(clicked.result?.result?.value, JSON.stringify(clicked)).toBe(1);
      await done;

      const begun = (page.cdp.events as Loose[]).filter((e) => e.method === "Browser.downloadWillBegin").map((e) => e.params.suggestedFilename);
      expect(begun).toEqual(["same-origin.html", "cross-origin.html"]);
      expect((await readdir(dir)).length).toBe(2);
    });
  });

  it("another space's download is not shown, even to a client that asked for download events", async () => {
    const server = await fixtures();
    const [mine, theirs] = [await tempDir("automation-download-a"), await tempDir("automation-download-b")];
    const b = createFakeBrowser({ chromium: CHROMIUM! });
    try {
      const watcher = await openPage(b, "watcher", server.url("frames"));
      const downloader = await openPage(b, "downloader", server.url("frames"));
      await watcher.downloadInto(mine);
      await downloader.downloadInto(theirs);
      await downloader.loaded("/frames.html");
      // one from the page, one from its same-origin iframe (no target of its own)
      for (const save of [saveFrom("page.html"), saveFromSameOriginFrame("frame.html")]) {
        const done = downloader.completedDownload();
        await downloader.evaluate(save);
        await done;
      }
      expect((downloader.cdp.events as Loose[]).filter((e) => e.method === "Browser.downloadWillBegin").map((e) => e.params.suggestedFilename)).toEqual(["page.html", "frame.html"]);
      expect((watcher.cdp.events as Loose[]).map((e) => e.method).filter((m) => String(m).startsWith("Browser.download"))).toEqual([]);
      expect(await readdir(mine)).toEqual([]);
    } finally {
      await b.shutdown();
    }
  });

  it("answers a JS dialog from its own session: what the dialog held back then completes", async () => {
    const server = await fixtures();
    await onTab(server.url("dialog", { query: { auto: "0", kind: "prompt" } }), async (page, b) => {
      await page.loaded("/dialog.html");
      await page.send("Page.enable");
      const opening = page.next("Page.javascriptDialogOpening");
      const { x, y } = await page.centre("#open");
      await page.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
      // the release runs the click handler, which opens the dialog: its answer waits for the dialog
      const release = page.cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 }, page.sessionId);
      expect((await opening).params).toMatchObject({ type: "prompt", message: "Fixture prompt" });
      // a modal dialog holds the page's Input and Runtime answers back (research 1.5) until it is answered
      const evaluated = page.cdp.send("Runtime.evaluate", { expression: "document.querySelector('#answer').textContent", returnByValue: true }, page.sessionId);
      const early = await Promise.race([Promise.any([release, evaluated]).then(() => "answered"), new Promise((r) => setTimeout(() => r("held"), 300))]);
      expect(early).toBe("held");
      const closed = page.next("Page.javascriptDialogClosed");
      await page.send("Page.handleJavaScriptDialog", { accept: true, promptText: "typed by the agent" });
      expect((await closed).params).toMatchObject({ result: true, userInput: "typed by the agent" });
      expect((await release).result).toEqual({});
      expect((await evaluated).result?.result?.value).toBe("answered: typed by the agent");
      // the dialog is gone: nothing is left for the operator to answer
      expect(await b.operator.answerPrompt!(page.spaceId, { accept: false })).toBe(false);
    });
  });

  it("takes screencast frames and acknowledges them", async () => {
    const server = await fixtures();
    await onTab(server.url("form"), async (page) => {
      await page.loaded("/form.html");
      const frame = page.next("Page.screencastFrame");
      await page.send("Page.startScreencast", { format: "png", everyNthFrame: 1, maxWidth: 320, maxHeight: 240 });
      // a frame comes when the page paints
      await page.evaluate("document.body.style.background = 'rgb(200, 220, 240)'; 1");
      const { params } = await frame;
      expect(Buffer.from(params.data, "base64").subarray(1, 4).toString("latin1"), "a PNG").toBe("PNG");
      await page.send("Page.screencastFrameAck", { sessionId: params.sessionId });
      await page.send("Page.stopScreencast");
    });
  });
});
