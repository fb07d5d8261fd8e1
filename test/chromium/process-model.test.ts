// The fake's Chromium keeps Ego Lite's process model where a script can see it: a cross-origin
// iframe runs in a renderer of its own (site isolation), so it is a target of type "iframe" and
// the automation layer and the snapshot reach its content over a session of its own. Debian's
// headless shell does not isolate sites unless told to: without --site-per-process the
// cross-origin frame of frames.html ran inside its parent's renderer, and the clause
// snapshot.page.iframe.cross-origin judged an in-process frame.
import { describe, expect, it } from "vitest";
import { profileBrowser } from "../../fake-bridge/chromium/browser-pool.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM, withFakeBrowser } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixtures = useFixturePages();

describe.skipIf(NO_CHROMIUM)("the fake's Chromium process model", { timeout: 60_000 }, () => {
  closeBrowsersAfterAll();

  it("runs a cross-origin iframe out of process: the space's targets include it as an iframe target", async () => {
    const server = await fixtures();
    await withFakeBrowser(async (b) => {
      const ego: Loose = b.newBinding();
      ego.useTaskSpace((await ego.createTaskSpace("frames")).id);
      const tab = await ego.createTab(server.url("frames"));
      const profile = await profileBrowser(CHROMIUM!.executablePath, "Default");
      const targets = async () => ((await profile.admin.send("Target.getTargets")) as Loose).targetInfos as Loose[];
      const space = (await targets()).find((t) => t.targetId === tab.targetId).browserContextId;
      const crossOrigin = server.url("frameChild").replace("127.0.0.1", "localhost");
      const deadline = Date.now() + 15_000;
      let frames: Loose[] = [];
      while (Date.now() < deadline) {
        frames = (await targets()).filter((t) => t.type === "iframe" && t.browserContextId === space);
        if (frames.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(frames.map((f) => f.url)).toEqual([expect.stringContaining(crossOrigin)]);
    });
  });
});
