/** Task-space lifecycle commands (native-bindings-api.md, "Task Spaces" and "Task Control"). */
import { fail, failures, ok, type Outcome } from "../failures.js";
import { claim, complete, handOff, takeOver } from "../ownership.js";
import { taskSpaceListing, taskSpaceRef } from "../results.js";
import { statusText } from "../status.js";
import { syncRealTabs } from "../chromium-tabs.js";
import { isPromise, type MaybePromise } from "../serial.js";
import type { SpaceKey } from "../task-space.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

/** With Chromium, the tab titles of spaces whose pages are open are read from the browser first. */
export function listTaskSpaces(ctx: CommandContext): MaybePromise<Outcome<Record<string, unknown>>> {
  const { app } = ctx;
  // the mutant listing-closes-idle-spaces: the listing itself closes what was idle, user-owned spaces too
  if (app.behaviour.listingClosesIdleSpaces) app.closeIdleSpaces({ userOwnedToo: true });
  const listing = () => ok(taskSpaceListing(app, app.behaviour));
  const open = app.pages === undefined ? [] : app.listed().filter((s) => !s.closing && app.pages!.isOpen(s.id));
  return open.length === 0 ? listing() : Promise.all(open.map((s) => syncRealTabs(app, s))).then(listing);
}

/** Closes the space; with real pages the answer comes once its pages are closed. */
function closed<T>(pagesClosed: void | Promise<void>, value: T): MaybePromise<Outcome<T>> {
  return isPromise(pagesClosed) ? pagesClosed.then(() => ok(value)) : ok(value);
}

/**
 * createTaskSpace(name, profileId?): an agent-owned space with one default tab.
 * - It does not select the new space (clause task-spaces.create.does-not-select, research Q10).
 * - Duplicate names are accepted with a new id (clause task-spaces.create.duplicate-name).
 * - An unknown profileId (a display name included) fails before anything is created.
 */
export function createTaskSpace(ctx: CommandContext, name: unknown, profileId: string | undefined): Outcome<Record<string, unknown>> {
  const { app } = ctx;
  const profile = app.profiles.resolve(profileId);
  if (profile === undefined) return fail(failures.profileNotFound());
  // only the create-accepts-invalid-names mutant lets a name that is no string through validation
  const spaceName = typeof name === "string" ? name : name === undefined ? `task ${ctx.staleSpaceId ?? app.peekSpaceId()}` : String(name);
  const space = app.createSpace({ name: spaceName, createdBy: "agent", profile }, ctx.staleSpaceId);
  return ok(taskSpaceRef(space, app.behaviour));
}

/**
 * claimTaskSpace(id, name?): any usable listed space (see ../ownership.ts `claim`); does not
 * select it. An unknown or closing id resolves NOT_FOUND naming the id used for the lookup.
 */
export function claimTaskSpace(ctx: CommandContext, key: SpaceKey, name: string | undefined): Outcome<Record<string, unknown>> {
  const space = ctx.app.locate(key);
  if (space === undefined) return fail(failures.notFound(key));
  // the claim-ignores-name mutant: claimed, not renamed
  claim(space, ctx.app.behaviour.claimIgnoresName ? undefined : name);
  // the claim-new-id mutant: the claimed space is listed under a new id from now on
  const claimed = ctx.app.behaviour.claimNewId ? ctx.app.rekeySpace(space) : space;
  if (ctx.app.behaviour.claimSelects) ctx.select(ctx.app.behaviour.numericIds ? claimed.id : claimed.name);
  return ok(taskSpaceRef(claimed, ctx.app.behaviour));
}

export function closeTaskSpace(ctx: CommandContext): MaybePromise<Outcome<string>> {
  return onSelectedSpace(ctx, "closeTaskSpace", (space) => {
    const status = statusText("closeTaskSpace", space, ctx.app.behaviour.numericIds);
    return closed(ctx.app.close(space), status);
  });
}

export function completeTaskSpace(ctx: CommandContext): MaybePromise<Outcome<string>> {
  return onSelectedSpace(ctx, "completeTaskSpace", (space) => {
    if (ctx.app.behaviour.completeCloses) return closed(ctx.app.close(space), statusText("completeTaskSpace", space, ctx.app.behaviour.numericIds));
    complete(space);
    ctx.app.changedHands(space);
    return ok(statusText("completeTaskSpace", space, ctx.app.behaviour.numericIds));
  });
}

export function handOffTaskSpace(ctx: CommandContext): Outcome<string> {
  return onSelectedSpace(ctx, "handOffTaskSpace", (space) => {
    handOff(space);
    ctx.app.changedHands(space);
    return ok(statusText("handOffTaskSpace", space, ctx.app.behaviour.numericIds));
  });
}

export function takeOverTaskSpace(ctx: CommandContext): Outcome<string> {
  return onSelectedSpace(ctx, "takeOverTaskSpace", (space) => {
    // the take-over-leaves-block mutant: the status string, and nothing changes
    if (!ctx.app.behaviour.takeOverLeavesBlock) takeOver(space);
    ctx.app.changedHands(space);
    return ok(statusText("takeOverTaskSpace", space, ctx.app.behaviour.numericIds));
  });
}
