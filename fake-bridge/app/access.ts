/**
 * Which space a task-scoped call acts on, and whether it may: selection, then the space's
 * existence, then user control (before ownership, so a user-owned Space the user acts in still
 * reports its reason), then agent ownership. The error codes and texts are the contract's.
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
