/** Agent task state and UI helpers (native-bindings-api.md, "Task Control", "UI Helpers"). */
import { ok, type Outcome } from "../failures.js";
import { statusText } from "../status.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

export function setAgentTaskState(ctx: CommandContext, state: string): Outcome<string> {
  return onSelectedSpace(ctx, "setAgentTaskState", (space) => {
    space.agentTaskState = state;
    return ok(statusText("setAgentTaskState", space, ctx.app.behaviour.numericIds));
  });
}

/** Records the point (there is no screen to animate on) and reports the documented status. */
export function animationHighlightMouseToPosition(ctx: CommandContext, x: number, y: number): Outcome<string> {
  return onSelectedSpace(ctx, "animationHighlightMouseToPosition", (space) => {
    space.lastHighlight = { x, y };
    return ok(statusText("animationHighlightMouseToPosition", space, ctx.app.behaviour.numericIds));
  });
}
