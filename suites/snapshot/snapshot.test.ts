// snapshot(): shape, locator omission, viewport scope, maxResultLength, subtree. With real pages these
// run on the fixture links page (an ambiguous locator), otherwise on what the target makes of an
// example URL; every snapshot taken is attached to the result.
import { expect } from "vitest";
import type { Json } from "../../src/contract/arguments.js";
import { SnapshotResult } from "../../src/contract/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { offlinePageText, offlineUrl } from "../../src/harness/offline-urls.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { loadBound, notShown, openAndShow } from "./created-tab.js";
import { openFixturePage, observeSnapshot } from "./fixture-page.js";
import { descendants, parseSnapshot } from "./snapshot-text.js";
import { pairRefsWithLines, printedId } from "./ref-lines.js";

const PAGE_LABEL = "checkout";
const PAGE = offlineUrl(PAGE_LABEL);
const pages = useFixturePages();

/** A space of ours with a page open, selected in `ego`, which a snapshot shows (clause snapshot.create-tab.captures-new-tab). */
async function pageSpace(ctx: ClauseContext): Promise<number> {
  if (ctx.target.info.capabilities.has("pages")) return (await openFixturePage(ctx, pages, "links")).spaceId;
  const own = await ctx.spaces.create();
  const seen = await openAndShow(ctx, own.id, PAGE, [{ text: offlinePageText(PAGE_LABEL) }], loadBound(ctx));
  // a snapshot that does not resolve is the clause's own to judge
  if (seen.stage === "createTab" || seen.stage === "content") throw notShown(seen, PAGE, `'${offlinePageText(PAGE_LABEL)}'`);
  return own.id;
}

const snapshotOf = (ctx: ClauseContext, spaceId: number, options: Record<string, Json> = {}) => observeSnapshot(ctx, spaceId, options);

clause("snapshot.result-shape", async (ctx) => {
  const id = await pageSpace(ctx);
  expect(await snapshotOf(ctx, id, { includeStableLocator: true })).toResolveMatching(SnapshotResult);
});

clause("snapshot.loc.omitted-not-sentinel", async (ctx) => {
  const id = await pageSpace(ctx);
  const seen = await snapshotOf(ctx, id, { includeStableLocator: true });
  const result = seen.value as { content: string; refs: { loc?: string }[] };
  expect(seen.channel).toBe("resolved");
  for (const ref of result.refs) expect(["unstable", "ambiguous", "loc=unstable", "loc=ambiguous"]).not.toContain(ref.loc);
  expect(result.content).not.toMatch(/loc=(unstable|ambiguous)\b/);
});

clause("snapshot.viewport-scope", async (ctx) => {
  const id = await pageSpace(ctx);
  const seen = await snapshotOf(ctx, id, { scope: "only_within_viewport", includeActionMarks: true, interactiveOnly: true, includeStableLocator: true, maxResultLength: 4000 });
  expect(seen).toResolveMatching(SnapshotResult);
});

/** Room the core leaves a build for a truncation marker (whether it adds one is the open detail). */
const MARKER_ALLOWANCE = 64;
const BOUND = 40;

clause("snapshot.max-result-length", async (ctx) => {
  const id = await pageSpace(ctx);
  const seen = {
    full: await snapshotOf(ctx, id, {}),
    zero: await snapshotOf(ctx, id, { maxResultLength: 0 }),
    bounded: await snapshotOf(ctx, id, { maxResultLength: BOUND }),
  };
  const length = (o: typeof seen.full) => (o.value as { content: string }).content.length;
  expect(seen.full).toResolveMatching(SnapshotResult);
  if (length(seen.full) <= BOUND + MARKER_ALLOWANCE) throw new Error(`the page's snapshot (${length(seen.full)} characters) is too short to judge a bound of ${BOUND}: a fixture problem`);
  // core: the bound bounds the result; 0 is unlimited
  expect(seen.bounded).toResolveMatching(SnapshotResult);
  expect(length(seen.bounded), "a bounded snapshot is shorter than the whole tree").toBeLessThan(length(seen.full));
  expect(length(seen.bounded), `at most the bound (${BOUND}) plus room for a marker (${MARKER_ALLOWANCE})`).toBeLessThanOrEqual(BOUND + MARKER_ALLOWANCE);
  expect(seen.zero).toResolveMatching(SnapshotResult);
  expect(length(seen.zero), "maxResultLength 0 means unlimited").toBeGreaterThan(BOUND + MARKER_ALLOWANCE);
  await ctx.openDetail(() => {
    expect(length(seen.bounded), "cut to at most the bound in characters, no marker (the fake's choice)").toBeLessThanOrEqual(BOUND);
  });
});

clause("snapshot.subtree", async (ctx) => {
  const id = await pageSpace(ctx);
  const full = await snapshotOf(ctx, id);
  expect(full).toResolveMatching(SnapshotResult);
  const { content, refs: fullRefs } = full.value as { content: string; refs: { refId?: number; backendNodeId: number }[] };
  if (fullRefs.length < 2) throw new Error(`the page's snapshot has ${fullRefs.length} refs: too few to tell a subtree from the whole page (a fixture problem)`);
  // the root: the last printed node with a ref, so its subtree cannot be the whole page; `root`
  // takes the backendNodeId of its ref (the doc), which the line need not print (research 1.5: a
  // refId): a line's ref is the one whose id it prints, in whatever order refs come (./ref-lines.ts)
  const lines = parseSnapshot(content);
  const printed = lines.filter((l) => l.attrs.has("ref"));
  if (printed.length !== fullRefs.length) throw new PreconditionError(`${fullRefs.length} refs but ${printed.length} [ref=N] lines`, "snapshot.result-shape");
  const { paired, unpaired } = pairRefsWithLines(fullRefs, lines);
  if (unpaired.length > 0) throw new PreconditionError(`refs ${unpaired.map((r) => printedId(r)).join(", ")} pair with no single [ref=N] line`, "snapshot.result-shape");
  const refOfLine = new Map(paired.map((p) => [p.line.index, p.ref.backendNodeId]));
  const rootLine = printed.at(-1);
  expect(rootLine, "the full snapshot prints its refs as [ref=N] lines").toBeDefined();
  const idOfLine = (l: { index: number }) => refOfLine.get(l.index)!;
  const root = idOfLine(rootLine!);
  const expected = [rootLine!, ...descendants(lines, rootLine!)].filter((l) => l.attrs.has("ref")).map(idOfLine).sort((a, b) => a - b);
  const subtree = await snapshotOf(ctx, id, { scope: "subtree", root });
  expect(subtree).toResolveMatching(SnapshotResult);
  const sub = subtree.value as { refs: { backendNodeId: number }[] };
  // "scope 'subtree' with root": that node and its descendants, nothing else of the page
  expect(sub.refs.map((r) => r.backendNodeId).sort((a, b) => a - b), `the refs of node ${root} and its descendants in the full snapshot, and no others`).toEqual(expected);
});
