/**
 * Which space a task-scoped call acts on, and whether it may. The order of checks:
 * 1. nothing selected in this invocation -> EGO_TASK_SPACE_NOT_SELECTED;
 * 2. the selected key names no usable space (never existed, closed, closing) ->
 *    EGO_TASK_SPACE_NOT_FOUND "Task space not found: <id>" (clause error-codes.missing-space.code,
 *    research Q18);
 * 3. the user is in control and the method is one the doc lists as blocked ->
 *    EGO_TASK_SPACE_USER_IN_CONTROL with the reason key; unlisted methods are allowed (research
 *    Q14, clauses user-control.unlisted.*). Control is checked before ownership, so a user-owned
 *    Space the user is acting in still reports the reason;
 * 4. the space is user-owned (completed, or a regular user Space never claimed) ->
 *    EGO_TASK_SPACE_INACTIVE "Task space <id> is not assigned to an agent." for every task-scoped
 *    call, hand-off and takeover included: the agent must claim it first (research Q18, 1.3).
 */
import { METHODS, type MethodName } from "../../src/contract/methods.js";
import type { FakeApp } from "./app.js";
import { fail, failures, ok, type Outcome } from "./failures.js";
import { userControlText } from "./reasons.js";
import { spaceLabel } from "./status.js";
import type { SpaceKey, TaskSpace } from "./task-space.js";

export function blockedUnderUserControl(app: FakeApp, method: MethodName): boolean {
  if (method === "listTabs" && app.behaviour.listTabsIgnoresUserControl) return false;
  return METHODS[method].userControl !== "unlisted";
}

export function accessTaskSpace(app: FakeApp, selection: SpaceKey | undefined, method: MethodName): Outcome<TaskSpace> {
  if (selection === undefined) return fail(failures.notSelected());
  const space = app.locate(selection);
  if (space === undefined) return fail(failures.notFound(selection));
  if (space.control !== null && blockedUnderUserControl(app, method)) {
    return fail(failures.userInControl(userControlText(space.control.reason, app.behaviour.reasonKeys)));
  }
  if (space.ownership === "user") return fail(failures.inactive(spaceLabel(space, app.behaviour.numericIds)));
  return ok(space);
}
