/**
 * A contract clause: one behaviour of the native bridge, one reason to fail.
 * Clauses are data (test262-style typed metadata); the suites implement them by id, the report
 * labels results with them, and the gate and matrix compare runs by them.
 */
import { z } from "zod";
import { CapabilityName, FeatureName } from "./features.js";
import { METHOD_NAMES } from "./methods.js";

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
} as const;
export type Area = keyof typeof AREAS;
export const AreaName = z.enum(Object.keys(AREAS) as [Area, ...Area[]]);

export const SEVERITIES = ["blocker", "critical", "normal", "minor", "trivial"] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

export const CLAUSE_ID = /^[a-z0-9-]+(\.[a-zA-Z0-9-]+)+$/;

export const ClauseSchema = z
  .object({
    id: z.string().regex(CLAUSE_ID),
    title: z.string().min(8),
    area: AreaName,
    methods: z.array(z.enum(METHOD_NAMES)),
    /** the section of native-bindings-api.md (or the research file) the clause comes from */
    doc: z.object({ section: z.string(), anchor: z.string() }),
    severity: Severity,
    /** build features the clause needs (src/contract/features.ts) */
    features: z.array(FeatureName).default([]),
    /** what the target must offer beyond the build (an operator, CDP traffic) */
    needs: z.array(CapabilityName).default([]),
    /** an Ego Lite version range in four-part notation, when a build number is known */
    versions: z.string().optional(),
    /**
     * Behaviour the docs leave unspecified: observed and reported, never failed.
     * `choice` says what the fake does and why (the research file's open questions).
     */
    unspecified: z.object({ question: z.string(), choice: z.string() }).optional(),
  })
  .strict();
export type ClauseInput = z.input<typeof ClauseSchema>;
export type Clause = z.output<typeof ClauseSchema>;
