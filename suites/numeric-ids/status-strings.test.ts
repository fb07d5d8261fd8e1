// Status strings of task-scoped calls start with the numeric id of the selected space.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { PreconditionError } from "../../src/harness/precondition.js";

clause("numeric-ids.status.carries-id", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    return [
      await p.call("setAgentTaskState", ["numeric ids"]),
      await p.call("animationHighlightMouseToPosition", [10, 20]),
      await p.call("handOffTaskSpace", []),
      await p.call("takeOverTaskSpace", []),
      await p.call("completeTaskSpace", []),
    ];
  }, own.id);
  // completeTaskSpace stands on the take-over before it having given the space back
  const completed = seen[4]!;
  if (JSON.stringify(completed.value ?? null).includes("EGO_TASK_SPACE_USER_IN_CONTROL")) {
    throw new PreconditionError(`precondition failed: after takeOverTaskSpace resolved, completeTaskSpace was still blocked: ${JSON.stringify(completed)}`, "user-control.take-over.unblocks");
  }
  for (const obs of seen) {
    expect(obs.channel, obs.call).toBe("resolved");
    // the numeric id createTaskSpace gave; a build that gave none cannot start its statuses with one
    expect(obs.value, obs.call).toEqual(expect.stringMatching(new RegExp(`^${typeof own.id === "number" ? own.id : "\\d+"}\\b`)));
  }
});
