/**
 * After every test that ran the CLI against an installed target (every helper that starts one
 * goes through `tagged`), no process that run started may be left: the soak's leak check
 * (./processes.ts), asserted after each test. What a failing check found is killed, then named.
 */
import { afterEach, expect } from "vitest";
import { killTagged, LEAK_TAG_ENV, leftoversOf, newLeakTag } from "./processes.js";

const pending: string[] = [];

afterEach(async () => {
  const tags = pending.splice(0);
  const leaks: string[] = [];
  for (const tag of tags) {
    const left = await leftoversOf(tag);
    if (left.length) {
      killTagged(tag);
      leaks.push(...left);
    }
  }
  expect(leaks, "processes an installed run left running").toEqual([]);
});

/** `env` with a new leak tag, checked after the current test. */
export function tagged(env: Record<string, string | undefined>): Record<string, string> {
  const tag = newLeakTag();
  pending.push(tag);
  return { ...(env as Record<string, string>), [LEAK_TAG_ENV]: tag };
}

/** Whether CLI arguments start a command that reaches an installed target. */
export function reachesInstalled(args: readonly string[]): boolean {
  return args.some((a, i) => (a === "--target" && args[i + 1] === "installed") || a === "--installed" || a === "--ego-browser") || ["detect", "sweep"].includes(args[0] ?? "");
}
