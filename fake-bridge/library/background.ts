/**
 * Background calls: the calls a test's own staging code makes on the fake, as opposed to those of
 * the code under test. Staging code is what runs inside the fake's hooks (`fake.hooks`: a hook
 * that lists spaces to pick an id, a second party acting mid-way), and what the test runs through
 * `fake.background(fn)` (a helper that sets the scene, a runtime's page discovery the test starts
 * itself). It is followed through await, timers and callbacks (AsyncLocalStorage), so a call made
 * later by code that such a scope started is background too; a call made by code outside every
 * such scope is the code under test's.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<true>();

/** Runs `fn` as background: every call it makes, now or later, is flagged so in the call log. */
export function inBackground<T>(fn: () => T): T {
  return scope.run(true, fn);
}

/** Whether the code running now was started by a background scope. */
export function isBackground(): boolean {
  return scope.getStore() === true;
}
