// snapshot(): shape, locator omission, viewport scope, maxResultLength, subtree.
import { expect } from "vitest";
import { SnapshotResult } from "../../src/contract/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

const PAGE = "https://example.com/checkout";

/** A space of ours with a page open, selected in `ego`. */
async function pageSpace({ ego, spaces }: ClauseContext): Promise<number> {
  const own = await spaces.create();
  await ego.evaluate(async (p, id, url) => {
    p.ego.useTaskSpace(id);
    await p.ego.createTab(url);
  }, own.id, PAGE);
  return own.id;
}

clause("snapshot.result-shape", async (ctx) => {
  await pageSpace(ctx);
  expect(await observeCall(ctx.ego, "snapshot", [{ includeStableLocator: true }])).toResolveMatching(SnapshotResult);
});

clause("snapshot.loc.omitted-not-sentinel", async (ctx) => {
  await pageSpace(ctx);
  const seen = await observeCall(ctx.ego, "snapshot", [{ includeStableLocator: true }]);
  const result = seen.value as { content: string; refs: { loc?: string }[] };
  expect(seen.channel).toBe("resolved");
  for (const ref of result.refs) expect(["unstable", "ambiguous", "loc=unstable", "loc=ambiguous"]).not.toContain(ref.loc);
  expect(result.content).not.toMatch(/loc=(unstable|ambiguous)\b/);
});

clause("snapshot.viewport-scope", async (ctx) => {
  await pageSpace(ctx);
  const seen = await observeCall(ctx.ego, "snapshot", [{ scope: "only_within_viewport", includeActionMarks: true, interactiveOnly: true, includeStableLocator: true, maxResultLength: 4000 }]);
  expect(seen).toResolveMatching(SnapshotResult);
});

clause("snapshot.max-result-length", async (ctx) => {
  await pageSpace(ctx);
  const seen = await observeCall(ctx.ego, "snapshot", [{ maxResultLength: 40 }]);
  expect(seen).toResolveMatching(SnapshotResult);
  expect((seen.value as { content: string }).content.length).toBeLessThanOrEqual(40);
});

clause("snapshot.subtree", async (ctx) => {
  await pageSpace(ctx);
  const seen = await ctx.ego.evaluate(async (p) => {
    const full = (await p.ego.snapshot()) as { refs: { backendNodeId: number }[] };
    const root = full.refs[0]?.backendNodeId;
    return { full, root, subtree: await p.call("snapshot", [{ scope: "subtree", root: root ?? null }]) };
  });
  expect(seen.root, "the full snapshot offers a ref to use as root").toBeTypeOf("number");
  expect(seen.subtree).toResolveMatching(SnapshotResult);
  const sub = seen.subtree.value as { refs: { backendNodeId: number }[] };
  const fullIds = new Set(seen.full.refs.map((r) => r.backendNodeId));
  expect(sub.refs.every((r) => fullIds.has(r.backendNodeId)), "subtree refs are nodes of the page").toBe(true);
  expect(sub.refs.length).toBeLessThanOrEqual(seen.full.refs.length);
});
