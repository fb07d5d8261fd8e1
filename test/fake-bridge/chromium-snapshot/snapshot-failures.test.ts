/**
 * snapshotFromCdp against a scripted CDP peer: the failures a real browser produces only by chance
 * (backendNodeIds repeated across renderer processes, a renderer gone mid-call, a CDP error).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_SNAPSHOT_OPTIONS } from "../../../fake-bridge/app/snapshot-shape.js";
import { snapshotFromCdp, type CdpSend, type PageCdp } from "../../../fake-bridge/app/chromium-snapshot/index.js";
import { RefIds } from "../../../fake-bridge/chromium/ref-ids.js";

/** A document with one button (backend id `buttonId`), and optionally an out-of-process iframe. */
function documentWith(buttonId: number, iframe?: { id: number; frameId: string }) {
  const children = [{ nodeId: 3, backendNodeId: buttonId, nodeType: 1, nodeName: "BUTTON" }];
  if (iframe) children.push({ nodeId: 4, backendNodeId: iframe.id, nodeType: 1, nodeName: "IFRAME", frameId: iframe.frameId } as never);
  const ax = [
    { nodeId: "1", role: { value: "RootWebArea" }, name: { value: "t" }, backendDOMNodeId: 1, childIds: ["2", ...(iframe ? ["3"] : [])] },
    { nodeId: "2", parentId: "1", role: { value: "button" }, name: { value: "Go" }, backendDOMNodeId: buttonId },
    ...(iframe ? [{ nodeId: "3", parentId: "1", role: { value: "Iframe" }, name: { value: "f" }, backendDOMNodeId: iframe.id }] : []),
  ];
  return { root: { nodeId: 1, backendNodeId: 1, nodeType: 9, nodeName: "#document", baseURL: "http://127.0.0.1/", children }, ax };
}

function peer(doc: ReturnType<typeof documentWith>, fail?: (method: string) => Error | undefined): CdpSend {
  return async (method) => {
    const error = fail?.(method);
    if (error) throw error;
    if (method === "DOM.getDocument") return { root: doc.root };
    if (method === "Accessibility.getFullAXTree") return { nodes: doc.ax };
    throw new Error(`unexpected ${method}`);
  };
}

describe("subtree root across frames", () => {
  const page: PageCdp = {
    send: peer(documentWith(7, { id: 9, frameId: "F1" })),
    frameSession: async (frameId) => (frameId === "F1" ? { send: peer(documentWith(7)) } : undefined),
  };

  it("a backendNodeId present in two renderer processes is ambiguous: EGO_SNAPSHOT_FAILED, no node chosen", async () => {
    const full = await snapshotFromCdp(page, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(full.ok && full.value.refs.filter((r) => r.backendNodeId === 7).map((r) => r.frameId)).toEqual([undefined, "F1"]);
    const sub = await snapshotFromCdp(page, { ...DEFAULT_SNAPSHOT_OPTIONS, scope: "subtree", root: 7 }, { locatorOmission: true });
    expect(sub.ok ? sub : sub.failure).toEqual({ code: "EGO_SNAPSHOT_FAILED", message: expect.stringMatching(/ambiguous/) });
  });

  it("an id present once is that node", async () => {
    const sub = await snapshotFromCdp(page, { ...DEFAULT_SNAPSHOT_OPTIONS, scope: "subtree", root: 9 }, { locatorOmission: true });
    expect(sub.ok && sub.value.content).toBe('root\n  iframe "f" [ref=1]\n    root\n      button "Go" [ref=2]');
    expect(sub.ok && sub.value.refs.map((r) => [r.refId, r.backendNodeId, r.frameId])).toEqual([[1, 9, undefined], [2, 7, "F1"]]);
  });

  it("releases the sessions it opened for frames", async () => {
    let released = 0;
    const counting: PageCdp = { ...page, frameSession: async () => ({ send: peer(documentWith(7)), release: async () => void released++ }) };
    await snapshotFromCdp(counting, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(released).toBe(1);
  });
});

// the printed ref was once the backendNodeId, which an out-of-process frame repeats
describe("refs across renderer processes (native-snapshot-ref-requirement.md)", () => {
  const page = (): PageCdp => ({
    send: peer(documentWith(7, { id: 9, frameId: "F1" })),
    frameSession: async (frameId) => (frameId === "F1" ? { send: peer(documentWith(7)) } : undefined),
    refIds: new RefIds(),
  });
  const printed = (content: string) => [...content.matchAll(/\[ref=(\d+)/g)].map((m) => Number(m[1]));

  it("a backendNodeId repeated in an out-of-process frame: each ref prints a refId of its own, unique in the snapshot", async () => {
    const s = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    if (!s.ok) throw new Error(s.failure.message);
    expect(s.value.refs.map((r) => r.backendNodeId)).toEqual([7, 9, 7]);
    expect(new Set(printed(s.value.content)).size, s.value.content).toBe(3);
    expect(s.value.refs.map((r) => r.refId), "each ref carries the refId its line prints").toEqual(printed(s.value.content));
    expect(s.value.refs.map((r) => r.frameId), "the frame's node names its frame; the top document's need not").toEqual([undefined, undefined, "F1"]);
  });

  it("a page's refIds stay put across snapshots", async () => {
    const p = page();
    const first = await snapshotFromCdp(p, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    const second = await snapshotFromCdp(p, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(second.ok && second.value.refs).toEqual(first.ok && first.value.refs);
  });

  it("mutant refs-raw-backend-ids prints the backendNodeIds and no refId; frame-ids-omitted drops the frameId", async () => {
    const raw = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true, mutants: { refsRawBackendIds: true } });
    expect(raw.ok && printed(raw.value.content)).toEqual([7, 9, 7]);
    expect(raw.ok && raw.value.refs.some((r) => r.refId !== undefined)).toBe(false);
    const noFrames = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true, mutants: { frameIdsOmitted: true } });
    expect(noFrames.ok && noFrames.value.refs.map((r) => r.frameId)).toEqual([undefined, undefined, undefined]);
  });
});

describe("the top document's frame", () => {
  // as Chromium gives it: the document element carries its own frame's id
  const inHtml = (doc: ReturnType<typeof documentWith>) => ({
    ...doc,
    root: { ...doc.root, children: [{ nodeId: 2, backendNodeId: 2, nodeType: 1, nodeName: "HTML", frameId: "TOP", children: doc.root.children }] },
  });
  const page = (): PageCdp => ({ send: peer(inHtml(documentWith(7, { id: 9, frameId: "F1" }))), frameSession: async () => ({ send: peer(documentWith(7)) }), refIds: new RefIds() });

  it("every ref carries its frame's id, the top document's too: the runtime's backfill needs no guess where the frame's renderer repeats the page's ids", async () => {
    const s = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(s.ok && s.value.refs.map((r) => [r.backendNodeId, r.frameId])).toEqual([[7, "TOP"], [9, "TOP"], [7, "F1"]]);
  });

  it("mutant top-frame-ids-omitted: the top document's refs carry none, the frame's still do", async () => {
    const s = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true, mutants: { topFrameIdsOmitted: true } });
    expect(s.ok && s.value.refs.map((r) => [r.backendNodeId, r.frameId])).toEqual([[7, undefined], [9, undefined], [7, "F1"]]);
  });

  it("mutant frame-ids-omitted: the frame's refs carry none, the top document's still do (one rule broken each)", async () => {
    const s = await snapshotFromCdp(page(), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true, mutants: { frameIdsOmitted: true } });
    expect(s.ok && s.value.refs.map((r) => [r.backendNodeId, r.frameId])).toEqual([[7, "TOP"], [9, "TOP"], [7, undefined]]);
  });
});

describe("frames that change while the snapshot reads them", () => {
  /** a page whose out-of-process frame F1 Chromium knows from read `knownFrom` of its frame tree on (never: Infinity) */
  const changing = (knownFrom: number) => {
    let pageReads = 0;
    let treeReads = 0;
    const top = peer(documentWith(7, { id: 9, frameId: "F1" }));
    const inFrame = peer(documentWith(7));
    const page: PageCdp = {
      send: async (method, params) => {
        if (method === "DOM.getDocument") pageReads++;
        return method === "Page.getFrameTree" ? { frameTree: { frame: { id: "TOP" } } } : top(method, params);
      },
      frameSession: async () => ({ send: async (method, params) => (method === "Page.getFrameTree" ? { frameTree: { frame: { id: ++treeReads >= knownFrom ? "F1" : "F-before" } } } : inFrame(method, params)) }),
      refIds: new RefIds(),
    };
    return { page, reads: () => pageReads };
  };

  it("a frame Chromium no longer knows when the read ends: the page is read again, and the refs name the frame it knows", async () => {
    const { page, reads } = changing(2);
    const s = await snapshotFromCdp(page, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(s.ok && s.value.refs.map((r) => r.frameId), "the top document's frame from the page's frame tree, the frame's own").toEqual(["TOP", "TOP", "F1"]);
    expect(reads(), "read twice").toBe(2);
  });

  it("frames that keep changing: EGO_SNAPSHOT_FAILED after a bounded number of reads, never a ref naming an unknown frame", async () => {
    const { page, reads } = changing(Infinity);
    const s = await snapshotFromCdp(page, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(s.ok ? s : s.failure.code).toBe("EGO_SNAPSHOT_FAILED");
    expect(reads()).toBe(3);
  });
});

describe("CDP errors", () => {
  const doc = documentWith(5);
  // Playwright's words, then Chromium's for a session whose page went, then the fake's own pipe to a browser that went (../../../fake-bridge/chromium/cdp-pipe.ts)
  it.each(["Target closed", "Session closed. Most likely the page has been closed.", "No target with given id found", "DOM.getDocument: Session with given id not found.", "Accessibility.getFullAXTree: the browser's DevTools pipe closed"])(
    "'%s' means the web contents are gone: EGO_WEB_CONTENTS_UNAVAILABLE",
    async (text) => {
      const r = await snapshotFromCdp({ send: peer(doc, (m) => (m === "Accessibility.getFullAXTree" ? new Error(text) : undefined)) }, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
      expect(r.ok ? r : r.failure.code).toBe("EGO_WEB_CONTENTS_UNAVAILABLE");
    },
  );

  it("any other CDP error: EGO_SNAPSHOT_FAILED with the browser's message", async () => {
    const r = await snapshotFromCdp({ send: peer(doc, () => new Error("Internal error")) }, DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(r.ok ? r : r.failure).toEqual({ code: "EGO_SNAPSHOT_FAILED", message: expect.stringContaining("Internal error") });
  });
});
