/** snapshot(options): a structured snapshot of the selected space's active tab. */
import type { Outcome } from "../failures.js";
import { renderSnapshot, type SnapshotOptions, type SnapshotResult } from "../snapshot.js";
import { activeTab } from "../task-space.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

export function snapshot(ctx: CommandContext, options: SnapshotOptions): Outcome<SnapshotResult> {
  return onSelectedSpace(ctx, "snapshot", (space) =>
    renderSnapshot(activeTab(space).page, options, { locatorOmission: ctx.app.behaviour.locatorOmission }),
  );
}
