/**
 * snapshot(options): a structured snapshot of the selected space's active tab. With the page
 * model, rendered from the invented page (../model-snapshot.ts); with Chromium, built from the real page
 * over CDP (../chromium-snapshot, snapshotFromCdp), with the build's switches and mutants.
 */
import { fail, failures, type Outcome } from "../failures.js";
import { syncRealTabs } from "../chromium-tabs.js";
import { isPromise, type MaybePromise } from "../serial.js";
import { renderSnapshot } from "../model-snapshot.js";
import type { SnapshotOptions, SnapshotResult } from "../snapshot-shape.js";
import { activeTab, type TaskSpace } from "../task-space.js";
import { snapshotFromCdp, snapshotSwitches } from "../chromium-snapshot/index.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

async function realSnapshot(ctx: CommandContext, space: TaskSpace, options: SnapshotOptions): Promise<Outcome<SnapshotResult>> {
  const context = await syncRealTabs(ctx.app, space);
  const page = space.tabs.length ? await ctx.app.pages!.pageCdp(context, space.activeTargetId) : undefined;
  if (page === undefined) return fail(failures.webContentsUnavailable());
  return snapshotFromCdp(page, options, snapshotSwitches(ctx.app.behaviour));
}

/** The allowed deviation snapshot-refs-reordered: the refs in reverse order, the content as it was. */
function reordered(outcome: Outcome<SnapshotResult>): Outcome<SnapshotResult> {
  return outcome.ok ? { ok: true, value: { ...outcome.value, refs: [...outcome.value.refs].reverse() } } : outcome;
}

export function snapshot(ctx: CommandContext, options: SnapshotOptions): MaybePromise<Outcome<SnapshotResult>> {
  const taken = snapshotInOrder(ctx, options);
  if (!ctx.app.behaviour.snapshotRefsReordered) return taken;
  return isPromise(taken) ? taken.then(reordered) : reordered(taken);
}

function snapshotInOrder(ctx: CommandContext, options: SnapshotOptions): MaybePromise<Outcome<SnapshotResult>> {
  // mutant snapshot-ignores-max-result-length: the bound is dropped, the whole tree comes back
  const effective = ctx.app.behaviour.snapshotIgnoresMaxResultLength ? { ...options, maxResultLength: 0 } : options;
  // mutant subtree-root-ignored on the page model (real pages: ../chromium-snapshot): the whole page
  const modelOptions = ctx.app.behaviour.pageSnapshotMutants.subtreeRootIgnored && effective.scope === "subtree" ? { ...effective, scope: "full_page" as const } : effective;
  return onSelectedSpace(ctx, "snapshot", (space) =>
    ctx.app.pages !== undefined
      ? realSnapshot(ctx, space, effective)
      : renderSnapshot(activeTab(space).page, modelOptions, {
          locatorOmission: ctx.app.behaviour.locatorOmission,
          textForm: ctx.app.behaviour.snapshotPortTextForm ? "port" : "tree",
        }),
  );
}
