// The fixture page of the snapshot-ref clauses (frame-refs.html) does what they need on the fake's
// Chromium: its cross-origin iframe runs in a renderer of its own whose backendNodeIds repeat the
// page's, and the fake's refs stay unique all the same. Without the repeat,
// snapshot.page.refs.unique-across-frames would judge a page on which raw backendNodeIds pass.
import { describe, expect, it } from "vitest";
import { FIXTURE_FACTS } from "../../src/fixture-pages/index.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { closeBrowsersAfterAll, NO_CHROMIUM, withFakeBrowser } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixtures = useFixturePages();

describe.skipIf(NO_CHROMIUM)("frame-refs.html on the fake's Chromium", { timeout: 60_000 }, () => {
  closeBrowsersAfterAll();

  it("the cross-origin frame repeats the page's backendNodeIds; the printed refs are unique, each its ref's refId", async () => {
    const server = await fixtures();
    await withFakeBrowser(async (b) => {
      const ego: Loose = b.newBinding();
      ego.useTaskSpace((await ego.createTaskSpace("frame-refs")).id);
      await ego.createTab(server.url("frameRefs"));
      const field = JSON.stringify(FIXTURE_FACTS.frameRefs.frameField);
      const deadline = Date.now() + 15_000;
      let snap: Loose;
      for (;;) {
        // while the tab is still loading, snapshot may reject with EGO_WEB_CONTENTS_UNAVAILABLE
        // (transient: the suites' fixture-page poll waits it out too); the bound still holds
        snap = await ego.snapshot({}).catch((error: Loose) => {
          if (error?.error_code !== "EGO_WEB_CONTENTS_UNAVAILABLE" || Date.now() > deadline) throw error;
          return { content: "", refs: [] };
        });
        if (snap.content.split(field).length - 1 >= 2 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(snap.content.split(field).length - 1, "both frames are printed").toBe(2);
      const refs = snap.refs as { refId: number; backendNodeId: number; frameId?: string }[];
      const crossFrame = refs.filter((r) => r.frameId !== undefined).at(-1)!.frameId; // the cross-origin iframe comes last
      const pageIds = new Set(refs.filter((r) => r.frameId !== crossFrame).map((r) => r.backendNodeId));
      const repeated = refs.filter((r) => r.frameId === crossFrame && pageIds.has(r.backendNodeId));
      expect(repeated.length, "backendNodeIds of the cross-origin frame that the page's renderer uses too").toBeGreaterThan(FIXTURE_FACTS.frameRefs.buttons / 2);
      const printed = [...(snap.content as string).matchAll(/\[ref=(\d+)/g)].map((m) => Number(m[1]));
      expect(new Set(printed).size, "no [ref=N] printed twice").toBe(printed.length);
      expect(refs.map((r) => r.refId)).toEqual(printed);
    });
  });
});
