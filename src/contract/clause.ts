/**
 * A contract clause: one behaviour of the native bridge, one reason to fail.
 * Clauses are data (test262-style typed metadata); the suites implement them by id, the report
 * labels results with them, and the gate and matrix compare runs by them.
 */
import { z } from "zod";
import { CapabilityName, FeatureName } from "./features.js";
import { METHOD_NAMES } from "./methods.js";
import { namesOf } from "../tables/names-of.js";

export const AREAS = {
  "numeric-ids": "Numeric task-space ids and display names",
  "error-codes": "error_code shapes on every failure channel",
  arguments: "Argument validation (synchronous TypeError with EGO_INVALID_ARGUMENT)",
  "user-control": "Blocking of automation while the user is in control",
  "task-spaces": "Task-space lifecycle and ownership transitions",
  "task-context": "Task selection with useTaskSpace",
  profiles: "Profiles and profile-aware task-space creation",
  tabs: "Tabs of the current task space",
  snapshot: "Structured snapshots",
  "task-state": "Agent task state and UI helpers",
  cdp: "Raw Chrome DevTools Protocol channel",
  "browser-version": "getBrowserVersion and its fallback",
  safety: "The harness leaves the user's browser as it found it",
  launcher: "The ego-browser nodejs launcher: what reaches the script",
} as const;
export type Area = keyof typeof AREAS;
export const AreaName = z.enum(namesOf(AREAS) as [Area, ...Area[]]);

export const SEVERITIES = ["blocker", "critical", "normal", "minor", "trivial"] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

export const CLAUSE_TAGS = {
  slow: "waits minutes of the target's time: runs by default, alongside the other clauses; `run --no-slow` skips it",
  serial: "must not run alongside any other clause (Kubernetes' [Serial]): the runner gives it the target alone",
} as const;
export type ClauseTag = keyof typeof CLAUSE_TAGS;
export const ClauseTag = z.enum(namesOf(CLAUSE_TAGS) as [ClauseTag, ...ClauseTag[]]);

/** The tag as it appears in a test title: `[Slow]`, `[Serial]`. */
export function tagTitle(tag: ClauseTag): string {
  return `[${tag[0]!.toUpperCase()}${tag.slice(1)}]`;
}

export const CLAUSE_ID = /^[a-z0-9-]+(\.[a-zA-Z0-9-]+)+$/;

/**
 * "Unspecified is not a free pass": a clause about behaviour the docs leave open is split into
 * - `core`: what the docs do say about it. Required and judged: a build that breaks it fails the
 *   clause. `null` only when the docs give the behaviour no core at all (the clause is then
 *   observed in full, and `openDetail` says why).
 * - `openDetail`: what the docs leave open. Observed and reported ("as the fake chose" or
 *   "differs from the fake"), never failed.
 * `question` names the open question (research Q1 to research Q32), `choice` what the fake
 * does there and why, `basis` the doc sections and research questions the split rests on.
 * Suites mark the open detail with `ctx.openDetail(...)` (src/harness/clause.ts); every other
 * assertion of the clause judges its core.
 */
export const UnspecifiedSchema = z
  .object({
    question: z.string().min(5),
    choice: z.string().min(5),
    core: z.string().min(10).nullable(),
    openDetail: z.string().min(10),
    basis: z.string().min(5),
  })
  .strict();
export type Unspecified = z.infer<typeof UnspecifiedSchema>;

/** How a clause is judged: in full, on its documented core (its open detail observed), or observed only. */
export type Conformance = "required" | "core" | "unspecified";

export function conformanceOf(clause: { unspecified?: Unspecified | undefined }): Conformance {
  if (clause.unspecified === undefined) return "required";
  return clause.unspecified.core === null ? "unspecified" : "core";
}

export const ClauseSchema = z
  .object({
    id: z.string().regex(CLAUSE_ID),
    title: z.string().min(8),
    area: AreaName,
    methods: z.array(z.enum(METHOD_NAMES)),
    /** the section of native-bindings-api.md (or the research item, docs/contract-basis.md) the clause comes from */
    doc: z.object({ section: z.string(), anchor: z.string() }),
    severity: Severity,
    /** build features the clause needs (src/contract/features.ts) */
    features: z.array(FeatureName).default([]),
    /** what the target must offer beyond the build (an operator, CDP traffic) */
    needs: z.array(CapabilityName).default([]),
    /**
     * how the runner schedules the clause: `slow` (minutes of waiting: runs alongside the rest,
     * skipped by `run --no-slow`), `serial` (Kubernetes' [Serial]: never alongside another clause)
     */
    tags: z.array(ClauseTag).default([]),
    /** an Ego Lite version range in four-part notation, when a build number is known */
    versions: z.string().optional(),
    /** Behaviour the docs leave partly open: its documented core is judged, its open detail observed. */
    unspecified: UnspecifiedSchema.optional(),
  })
  .strict();
export type ClauseInput = z.input<typeof ClauseSchema>;
export type Clause = z.output<typeof ClauseSchema>;
