/**
 * Background calls: those a test's own staging code makes (in the fake's hooks or `fake.background(fn)`),
 * followed through await, timers and callbacks with AsyncLocalStorage, so they are told apart from
 * the calls of the code under test.
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
