/**
 * The options object of snapshot(options?). The doc lists the options but no validation (research
 * Q4); the fake's choices are the catalogue's (arguments.snapshot.*) and fake-bridge/README.md's.
 */
import type { Behaviour } from "../behaviour/behaviour.js";
import { DEFAULT_SNAPSHOT_OPTIONS, SNAPSHOT_SCOPES, type SnapshotOptions, type SnapshotScope } from "../app/snapshot-shape.js";
import { ArgumentProblem } from "./argument-problem.js";

const BOOLEAN_OPTIONS = ["interactiveOnly", "includeStableLocator", "includeActionMarks"] as const;

function problem(text: string): never {
  throw new ArgumentProblem("snapshot", text);
}

export function scopesOf(b: Behaviour): readonly SnapshotScope[] {
  return b.snapshotSubtree ? SNAPSHOT_SCOPES : SNAPSHOT_SCOPES.filter((s) => s !== "subtree");
}

/** Parses an options value that already passed the generic check (a plain object or undefined). */
export function parseSnapshotOptions(value: unknown, b: Behaviour): SnapshotOptions {
  // the mutant action-marks-by-default: marks unless the caller says false (the doc states no default)
  const options: SnapshotOptions = { ...DEFAULT_SNAPSHOT_OPTIONS, ...(b.actionMarksByDefault ? { includeActionMarks: true } : {}) };
  if (value === undefined) return options;
  const raw = value as Record<string, unknown>;
  const scopes = scopesOf(b);
  if (raw.scope !== undefined) {
    if (!(scopes as readonly unknown[]).includes(raw.scope)) problem(`option 'scope' must be one of ${scopes.map((s) => `'${s}'`).join(", ")}`);
    options.scope = raw.scope as SnapshotScope;
  }
  if (raw.root !== undefined) {
    if (typeof raw.root !== "number") problem("option 'root' must be a number (a backendNodeId from a previous ref)");
    options.root = raw.root;
  }
  if (options.scope === "subtree" && options.root === undefined) problem("option 'root' is required for scope 'subtree'");
  for (const key of BOOLEAN_OPTIONS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== "boolean") problem(`option '${key}' must be a boolean`);
    options[key] = v;
  }
  if (raw.maxResultLength !== undefined) {
    const n = raw.maxResultLength;
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) problem("option 'maxResultLength' must be a non-negative number");
    options.maxResultLength = Math.floor(n);
  }
  return options;
}
