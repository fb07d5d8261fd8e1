/** Run the real `ego-conformance` CLI as a user would, for end-to-end self-tests. */
import { join, resolve } from "node:path";
import { execa } from "execa";
import { reachesInstalled, tagged } from "../support/leak-check.js";
import type { SummaryJson } from "../../src/report/terminal.js";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(PROJECT_ROOT, "bin/ego-conformance.mjs");

export async function runCli(args: string[], options: { timeoutMs?: number; cwd?: string; env?: Record<string, string> } = {}) {
  return execa(process.execPath, [BIN, ...args], { cwd: options.cwd ?? PROJECT_ROOT, reject: false, timeout: options.timeoutMs ?? 120_000, stdin: "ignore", ...envFor(args, options.env) });
}

/** Starts the CLI without waiting for it (to signal it mid-run). */
export function startCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return execa(process.execPath, [BIN, ...args], { cwd: options.cwd ?? PROJECT_ROOT, reject: false, timeout: 120_000, stdin: "ignore", ...envFor(args, options.env) });
}

/** A command that reaches an installed target is leak-checked after the test (test/support/leak-check.ts). */
function envFor(args: readonly string[], env: Record<string, string> | undefined): { env?: Record<string, string> } {
  if (!reachesInstalled(args)) return env ? { env } : {};
  // with a given env execa still extends process.env, as without one
  return { env: tagged(env ?? {}) };
}

/** A message paragraph with no stack trace in it (a line `    at fn (file:line)`). */
export const STACK_LINE = /^\s+at .+[:(]/m;

/** What `run --json` prints: the summary's JSON (src/report/terminal.ts), and the report's path when one was written. */
export type JsonSummary = SummaryJson & { report?: string };
