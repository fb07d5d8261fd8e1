// Refs across frames and renderers (research 1.5): a cross-origin iframe's backendNodeIds repeat the
// page's, so the printed ref is a refId unique within the snapshot and a ref's frameId names its
// owner. frame-refs.html is the requirement's acceptance page.
import * as allure from "allure-js-commons";
import { expect } from "vitest";
import type { Json } from "../../src/contract/arguments.js";
import { FIXTURE_FACTS, FIXTURE_PAGES } from "../../src/fixture-pages/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { openFixturePage, takeSnapshot, type Snapshot } from "./fixture-page.js";
import { parseSnapshot, textPattern, TOP_FRAME, type SnapLine } from "./snapshot-text.js";
import { notShown } from "./created-tab.js";
import type { Observation } from "../../src/probe/observation.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import { pairRefsWithLines, printedId } from "./ref-lines.js";

const pages = useFixturePages();
const FACTS = FIXTURE_FACTS.frameRefs;

interface PairedRef {
  ref: Snapshot["refs"][number];
  line: SnapLine;
  /** the document the line is printed in: "top", "same-origin" or "cross-origin" */
  frame: "top" | "same-origin" | "cross-origin";
}

/** Opens frame-refs.html (bounded: until both frames show the end of their document) and takes a snapshot of it. */
async function snapshotOfFrameRefs(ctx: ClauseContext) {
  const opened = await openFixturePage(ctx, pages, "frameRefs", [{ text: FIXTURE_PAGES.frameRefsChild.end!, count: 2 }]);
  const snap = await takeSnapshot(ctx, opened.spaceId);
  const lines = parseSnapshot(snap.content);
  const printed = lines.filter((l) => l.attrs.has("ref"));
  // every ref has its [ref=N] line: clause snapshot.page.refs-match-lines
  if (printed.length !== snap.refs.length) {
    throw new PreconditionError(`${snap.refs.length} refs but ${printed.length} [ref=N] lines`, "snapshot.page.refs-match-lines");
  }
  const frameOf = (line: SnapLine): PairedRef["frame"] | undefined => {
    if (line.frame === TOP_FRAME) return "top";
    const iframe = lines[line.frame];
    if (iframe?.role !== "iframe") return undefined;
    if (iframe.name === FACTS.sameOriginTitle) return "same-origin";
    if (iframe.name === FACTS.crossOriginTitle) return "cross-origin";
    return undefined;
  };
  // a ref's line is the one that prints its id (the refs come in no stated order: ./ref-lines.ts)
  const pairing = pairRefsWithLines(snap.refs, lines);
  const paired: PairedRef[] = pairing.paired.map(({ ref, line }) => ({ ref, line, frame: frameOf(line) ?? "top" }));
  // a frame's nodes printed with refs under its iframe line: clauses snapshot.page.iframe.same-origin and .cross-origin
  const inFrames = (frame: PairedRef["frame"]) => printed.filter((l) => (frameOf(l) ?? "top") === frame && l.role === "button").length;
  for (const frame of ["same-origin", "cross-origin"] as const) {
    const count = inFrames(frame);
    if (count !== FACTS.buttons) {
      throw new PreconditionError(`${count} of the ${frame} frame's ${FACTS.buttons} buttons are printed with refs under its iframe line`, `snapshot.page.iframe.${frame}`);
    }
  }
  return { ...opened, snap, printed, paired, unpaired: pairing.unpaired };
}

/**
 * The clauses that read a ref's frame from its line need every ref paired with its line by the id
 * it prints: an id two lines print is snapshot.page.refs.unique-across-frames' rule, a ref whose
 * id no line prints is snapshot.page.refs-match-lines'.
 */
function everyRefPaired(seen: { printed: SnapLine[]; unpaired: readonly Snapshot["refs"][number][] }): void {
  if (seen.unpaired.length === 0) return;
  const ids = seen.unpaired.map((r) => printedId(r)).join(", ");
  const owner = repeated(seen.printed.map((l) => l.attrs.get("ref"))).length > 0 ? "snapshot.page.refs.unique-across-frames" : "snapshot.page.refs-match-lines";
  throw new PreconditionError(`precondition failed: refs ${ids} pair with no single [ref=N] line`, owner);
}

/** Values that occur more than once, with their count. */
function repeated<T>(values: readonly T[]): [T, number][] {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

clause("snapshot.page.refs.unique-across-frames", async (ctx) => {
  const { paired, printed, snap } = await snapshotOfFrameRefs(ctx);
  // what the page set up: backendNodeIds that repeat across renderers (observed, not judged: a build may number its renderers apart)
  const top = new Set(paired.filter((p) => p.frame !== "cross-origin").map((p) => p.ref.backendNodeId));
  const shared = paired.filter((p) => p.frame === "cross-origin" && top.has(p.ref.backendNodeId)).length;
  await allure.attachment("backendNodeIds the cross-origin frame shares with its page's renderer", `${shared} of the frame's refs`, "text/plain");
  expect(repeated(printed.map((l) => l.attrs.get("ref"))), "no two lines of the snapshot print the same [ref=N]").toEqual([]);
  const refIds = snap.refs.map((r) => r.refId).filter((id) => id !== undefined);
  expect(repeated(refIds), "no two refs carry the same refId").toEqual([]);
});

interface Resolved {
  /** how the ref's frameId was found: the top document, an out-of-process frame's target, a frame of the page's own process */
  via: "top" | "target" | "page-frame" | "unknown-frame";
  /** the URL of the frame the frameId names (targets and the page's frame tree report it) */
  frameUrl: string | null;
  /** the document that owns the node the backendNodeId names there, and the node's aria-label */
  doc: string | null;
  label: string | null;
  detail?: Json;
}

clause("snapshot.page.refs.resolve-in-own-frame", async (ctx) => {
  const seenRefs = await snapshotOfFrameRefs(ctx);
  everyRefPaired(seenRefs);
  const { spaceId, url, server, paired, targetId } = seenRefs;
  const frameUrls = {
    top: url,
    "same-origin": server.url("frameRefsChild", { query: { frame: "same-origin" } }),
    "cross-origin": server.url("frameRefsChild", { cross: true, query: { frame: "cross-origin" } }),
  };
  // every printed button and textbox (the requirement's acceptance)
  const checked = paired.filter((p) => p.line.role === "button" || p.line.role === "textbox");
  for (const p of checked.filter((c) => c.frame !== "top")) {
    expect(typeof p.ref.frameId, `'${p.line.raw.trim()}' is printed in the ${p.frame} frame: its ref carries that frame's frameId`).toBe("string");
  }
  const refs = checked.map((p) => ({ backendNodeId: p.ref.backendNodeId, frameId: p.ref.frameId ?? null }));
  const seen = await ctx.ego.evaluate(
    async (p, id, pageUrl, refs, pageTarget) => {
      await p.use(id);
      // the page: the tab createTab made, which the snapshot read (clause snapshot.create-tab.captures-new-tab)
      const tab = { targetId: pageTarget };
      return p.withCdp(
        async (cdp) => {
          const targets = await cdp.send("Target.getTargets");
          const infos: { targetId: string; type: string; url: string }[] = targets.result?.targetInfos ?? [];
          const page = { targetId: tab.targetId };
          const attach = async (targetId: string): Promise<string | undefined> => (await cdp.send("Target.attachToTarget", { targetId, flatten: true })).result?.sessionId;
          const pageSession = await attach(page.targetId);
          if (pageSession === undefined) return { stage: "attach" as const, detail: null };
          const tree = await cdp.send("Page.getFrameTree", {}, pageSession);
          const frames = new Map<string, string>();
          const walk = (node: { frame?: { id?: string; url?: string }; childFrames?: unknown[] } | undefined) => {
            if (node?.frame?.id !== undefined) frames.set(node.frame.id, node.frame.url ?? "");
            for (const child of node?.childFrames ?? []) walk(child as never);
          };
          walk(tree.result?.frameTree);
          const topId: string | undefined = tree.result?.frameTree?.frame?.id;
          const sessions = new Map<string, string | undefined>();
          const results = [];
          for (const ref of refs as { backendNodeId: number; frameId: string | null }[]) {
            const f = ref.frameId;
            let session: string | undefined;
            let via: string;
            let frameUrl: string | null = null;
            const target = f === null ? undefined : infos.find((t) => t.targetId === f && t.type === "iframe");
            if (f === null || f === topId) {
              session = pageSession;
              via = "top";
              frameUrl = pageUrl;
            } else if (target !== undefined) {
              if (!sessions.has(f)) sessions.set(f, await attach(f));
              session = sessions.get(f);
              via = "target";
              frameUrl = target.url;
            } else if (frames.has(f)) {
              session = pageSession;
              via = "page-frame";
              frameUrl = frames.get(f) ?? null;
            } else {
              results.push({ via: "unknown-frame", frameUrl: null, doc: null, label: null });
              continue;
            }
            if (session === undefined) return { stage: "attach" as const, detail: f };
            const node = await cdp.send("DOM.resolveNode", { backendNodeId: ref.backendNodeId }, session);
            const objectId = node.result?.object?.objectId;
            if (objectId === undefined) {
              results.push({ via, frameUrl, doc: null, label: null, detail: p.toJson(node.error ?? node) });
              continue;
            }
            const read = await cdp.send(
              "Runtime.callFunctionOn",
              {
                objectId,
                functionDeclaration:
                  "function () { return { doc: this.ownerDocument ? this.ownerDocument.URL : null, label: this.getAttribute ? this.getAttribute('aria-label') : null }; }",
                returnByValue: true,
              },
              session,
            );
            const value = read.result?.result?.value;
            results.push({ via, frameUrl, doc: value?.doc ?? null, label: value?.label ?? null, ...(value === undefined ? { detail: p.toJson(read) } : {}) });
          }
          return { stage: "done" as const, results };
        },
        { timeoutMs: 10_000 },
      );
    },
    spaceId,
    url,
    refs as unknown as Json,
    targetId,
  );
  if (seen.stage === "attach") throw new PreconditionError(`Target.attachToTarget with flatten answered no sessionId (${JSON.stringify(seen.detail)})`, "cdp.round-trip.attach-flatten");
  const results = seen.results as unknown as Resolved[];
  await allure.attachment("each ref resolved over raw CDP", JSON.stringify(checked.map((c, i) => ({ line: c.line.raw.trim(), frame: c.frame, ref: c.ref, resolved: results[i] })), null, 2), "application/json");
  const wrong = checked.flatMap((c, i) => {
    const r = results[i]!;
    const own = frameUrls[c.frame];
    const ok = r.via !== "unknown-frame" && r.frameUrl === own && r.doc === own && r.label === c.ref.name;
    return ok ? [] : [`'${c.line.raw.trim()}' (${c.frame} frame, frameId ${c.ref.frameId ?? "none"}, backendNodeId ${c.ref.backendNodeId}): ${r.via === "unknown-frame" ? "the frameId names no frame of the page" : `names a frame at ${r.frameUrl}, where the id is ${r.doc === null ? "no node" : `a node of ${r.doc} labelled ${JSON.stringify(r.label)}`}`}`];
  });
  expect(wrong, `every button and textbox ref resolves to its own node in its own frame (${checked.length} refs)`).toEqual([]);
});

clause("snapshot.page.refs.top-frame-backfill", async (ctx) => {
  const seenRefs = await snapshotOfFrameRefs(ctx);
  everyRefPaired(seenRefs);
  const { spaceId, url, paired } = seenRefs;
  const top = paired.filter((p) => p.frame === "top" && (p.line.role === "button" || p.line.role === "textbox"));
  if (top.length === 0) throw new PreconditionError("the top document printed no button or textbox with a ref", "snapshot.page.refs-match-lines");
  const refs = top.map((p) => ({ backendNodeId: p.ref.backendNodeId, frameId: p.ref.frameId ?? null }));
  const seen = await ctx.ego.evaluate(
    async (p, id, pageUrl, refs) => {
      await p.use(id);
      const listed = (await p.ego.listTabs()) as { tabs?: { targetId: string; url: string; active: boolean }[] };
      const tab = listed.tabs?.find((t) => t.active && t.url === pageUrl);
      if (tab === undefined) return { stage: "tab" as const, detail: p.toJson(listed) };
      return p.withCdp(
        async (cdp) => {
          const attach = async (targetId: string): Promise<string | undefined> => (await cdp.send("Target.attachToTarget", { targetId, flatten: true })).result?.sessionId;
          const pageSession = await attach(tab.targetId);
          if (pageSession === undefined) return { stage: "attach" as const, detail: tab.targetId };
          const topId: string | undefined = (await cdp.send("Page.getFrameTree", {}, pageSession)).result?.frameTree?.frame?.id;
          const infos: { targetId: string; type: string; url: string }[] = (await cdp.send("Target.getTargets")).result?.targetInfos ?? [];
          // the page's out-of-process frames, each in a renderer of its own: the other possible owners of a backend id
          const frames: { url: string; session: string }[] = [];
          for (const info of infos.filter((t) => t.type === "iframe")) {
            const session = await attach(info.targetId);
            if (session !== undefined) frames.push({ url: info.url, session });
          }
          const read = async (backendNodeId: number, session: string) => {
            const node = await cdp.send("DOM.resolveNode", { backendNodeId }, session);
            const objectId = node.result?.object?.objectId;
            if (objectId === undefined) return null;
            const got = await cdp.send(
              "Runtime.callFunctionOn",
              { objectId, functionDeclaration: "function () { return { doc: this.ownerDocument ? this.ownerDocument.URL : null, label: this.getAttribute ? this.getAttribute('aria-label') : null }; }", returnByValue: true },
              session,
            );
            return (got.result?.result?.value ?? null) as { doc: string | null; label: string | null } | null;
          };
          const results = [];
          for (const ref of refs as { backendNodeId: number; frameId: string | null }[]) {
            const inTop = await read(ref.backendNodeId, pageSession);
            const elsewhere: string[] = [];
            if (ref.frameId === null) for (const f of frames) if ((await read(ref.backendNodeId, f.session)) !== null) elsewhere.push(f.url);
            results.push({ frameId: ref.frameId, topId: topId ?? null, inTop, elsewhere });
          }
          return { stage: "done" as const, frames: frames.length, results };
        },
        { timeoutMs: 10_000 },
      );
    },
    spaceId,
    url,
    refs as unknown as Json,
  );
  if (seen.stage === "tab") throw new PreconditionError(`listTabs shows no active tab on ${url}: ${JSON.stringify(seen.detail)}`, "tabs.list.contains-created");
  if (seen.stage === "attach") throw new PreconditionError(`Target.attachToTarget with flatten answered no sessionId (${JSON.stringify(seen.detail)})`, "cdp.round-trip.attach-flatten");
  type Backfill = { frameId: string | null; topId: string | null; inTop: { doc: string | null; label: string | null } | null; elsewhere: string[] };
  const results = seen.results as unknown as Backfill[];
  await allure.attachment("each top-document ref, as the runtime's backfill sees it", JSON.stringify(top.map((t, i) => ({ line: t.line.raw.trim(), ref: t.ref, backfill: results[i] })), null, 2), "application/json");
  if (seen.frames === 0) throw new PreconditionError("Target.getTargets lists no out-of-process frame of the page", "snapshot.page.iframe.cross-origin");
  const wrong = top.flatMap((t, i) => {
    const r = results[i]!;
    const where = `'${t.line.raw.trim()}' (backendNodeId ${t.ref.backendNodeId}, frameId ${t.ref.frameId ?? "none"})`;
    // a frameId names the frame outright; without one the runtime back-fills it only from a single possible owner
    if (r.frameId !== null && r.frameId !== r.topId) return [`${where}: its frameId names another frame than the top document (${r.topId})`];
    if (r.frameId === null && r.elsewhere.length > 0) return [`${where}: no frameId, and the id also names a node of the out-of-process frame at ${r.elsewhere.join(", ")}: the backfill has no single owner`];
    if (r.inTop?.doc !== url || r.inTop.label !== t.ref.name) return [`${where}: in the top document the id is ${r.inTop === null ? "no node" : `a node of ${r.inTop.doc} labelled ${JSON.stringify(r.inTop.label)}`}`];
    return [];
  });
  expect(wrong, `every top-document button and textbox ref resolves to its own node through the backfill rule (${top.length} refs)`).toEqual([]);
});

clause("snapshot.page.refs.frame-known", async (ctx) => {
  const srv = await pages();
  const url = srv.url("frameRefs");
  const own = await ctx.spaces.create();
  // each end in any form the content prints it (./snapshot-text.ts)
  const ends = { top: textPattern(FIXTURE_PAGES.frameRefs.end!), frame: textPattern(FIXTURE_PAGES.frameRefsChild.end!) };
  const seen = await ctx.ego.evaluate(
    async (p, id, url, ends, boundMs) => {
      if (!(await p.use(id))) return null;
      const made = await p.call("createTab", [url]);
      const tab = made.value as { targetId?: unknown } | undefined;
      if (made.channel !== "resolved" || typeof tab?.targetId !== "string") return { stage: "createTab" as const, last: made };
      const marks = ends as { top: string; frame: string };
      const deadline = Date.now() + (boundMs as number);
      const poll = p.poll();
      const checks: { snapshot: number; frameIds: string[]; unknown: string[] }[] = [];
      // snapshots from the moment the tab opens until the page and both frames have loaded: each
      // ref's frameId is checked right after its snapshot resolves, while frames still come and change
      return p.withCdp(
        async (cdp) => {
          // the answer the wait stops on: it names the clause whose rule a page that never showed breaks
          let last: unknown = null;
          const pageSession: string | undefined = (await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true })).result?.sessionId;
          if (pageSession === undefined) return { stage: "attach" as const, detail: tab.targetId as string };
          for (let n = 1; ; n++) {
            // one attempt: the snapshot and the check of its frameIds (the recording keeps the last)
            const snap = await poll.attempt(async () => {
              const o = await p.call("snapshot", [{}]);
              last = o;
              const taken = o.value as { content?: unknown; refs?: { frameId?: unknown }[] } | undefined;
              const frameIds = [...new Set((taken?.refs ?? []).map((r) => r.frameId).filter((f): f is string => typeof f === "string"))];
              if (frameIds.length > 0) {
                const known = new Set<string>();
                const walk = (node: { frame?: { id?: string }; childFrames?: unknown[] } | undefined) => {
                  if (node?.frame?.id !== undefined) known.add(node.frame.id);
                  for (const child of node?.childFrames ?? []) walk(child as never);
                };
                walk((await cdp.send("Page.getFrameTree", {}, pageSession)).result?.frameTree);
                for (const t of ((await cdp.send("Target.getTargets")).result?.targetInfos ?? []) as { targetId: string; type: string }[]) if (t.type === "iframe" || t.type === "page") known.add(t.targetId);
                checks.push({ snapshot: n, frameIds, unknown: frameIds.filter((f) => !known.has(f)) });
              }
              return taken;
            });
            const content = typeof snap?.content === "string" ? snap.content : "";
            const count = (pattern: string) => [...content.matchAll(new RegExp(pattern, "gu"))].length;
            if ((count(marks.top) >= 1 && count(marks.frame) >= 2) || Date.now() > deadline) return { stage: "done" as const, checks, loaded: Date.now() <= deadline, last, targetId: tab.targetId as string };
            await p.sleep(25);
          }
        },
        { timeoutMs: (boundMs as number) + 10_000 },
      );
    },
    own.id,
    url,
    ends as unknown as Json,
    15_000,
  );
  if (seen === null) throw selectionRefused(own.id);
  if (seen.stage === "createTab") throw notShown({ stage: "createTab", last: seen.last as Observation }, url, "");
  if (seen.stage === "attach") throw new PreconditionError(`Target.attachToTarget with flatten answered no sessionId (${JSON.stringify(seen.detail)})`, "cdp.round-trip.attach-flatten");
  await allure.attachment("frameIds of each snapshot, and those Chromium did not know", JSON.stringify(seen.checks, null, 2), "application/json");
  if (!seen.loaded) {
    const last = seen.last as Observation;
    throw notShown({ stage: last.channel === "resolved" ? "content" : "snapshot", last, targetId: seen.targetId }, url, "the page's and both frames' ends within 15 s");
  }
  const stale = (seen.checks as { snapshot: number; unknown: string[] }[]).filter((c) => c.unknown.length > 0);
  expect(stale, `no snapshot's ref names a frame Chromium does not know (${seen.checks.length} snapshots with frame refs)`).toEqual([]);
});
