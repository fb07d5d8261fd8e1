/**
 * After every test that ran the CLI against an installed target (every helper that starts one
 * goes through `tagged`), no process that run started may be left: the soak's leak check
 * (./processes.ts), asserted after each test. What a failing check found is killed, then named.
 */
import { readFileSync } from "node:fs";
import { afterEach, expect } from "vitest";
import { killTagged, LEAK_TAG_ENV, leftoversOf, newLeakTag } from "./processes.js";

const pending: string[] = [];
/** files of pids that a test made escape on purpose (a launcher's setsid child): out of the harness's reach by design */
const escapes: string[] = [];

/**
 * The pids listed in `file` (one a line, written by what made them) left the harness's reach on
 * purpose, with setsid (docs/installed-targets.md: out of reach): the current test's leak check
 * leaves exactly those out; the test ends them itself.
 */
export function expectEscapes(file: string): void {
  escapes.push(file);
}

afterEach(async () => {
  const tags = pending.splice(0);
  const escaped = new Set<string>();
  for (const file of escapes.splice(0)) for (const pid of readFileOr(file).split("\n").filter(Boolean)) escaped.add(pid.trim());
  const leaks: string[] = [];
  for (const tag of tags) {
    const left = await leftoversOf(tag, 5000, escaped);
    if (left.length) {
      killTagged(tag);
      leaks.push(...left);
    }
  }
  expect(leaks, "processes an installed run left running").toEqual([]);
});

function readFileOr(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

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
