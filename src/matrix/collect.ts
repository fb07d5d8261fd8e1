/**
 * One target's run, in memory -> its column of the matrix: the per-clause summary turned into
 * cells with what the results carry. A run that covered more clauses than the matrix (an installed
 * run judges the safety check too) is summarised again over the matrix's clauses only.
 */
import { basename } from "node:path";
import type { Clause } from "../contract/clause.js";
import { describeProblem, summarize, type ClauseSummary, type RunSummary } from "../report/summary.js";
import type { CompatCell, TargetOutcome } from "./compat-schema.js";
import { clauseExtrasOf, shorten, type ClauseExtras } from "./result-extras.js";
import { resultsOf, type ResultsCollection } from "../run/collect.js";
import type { Shard } from "./shard.js";
import { clauseOutcome } from "../outcomes/precedence.js";
import type { TargetSpec } from "./target-spec.js";
import { versionUnknown } from "../report/terminal.js";
import { idRecord } from "../tables/id-record.js";

export const MAX_MESSAGES = 5;
export const MAX_MESSAGE_CHARS = 2000;

export interface RunFacts {
  runId: string | null;
  startedAt: string;
  finishedAt: string;
  shard: Shard;
}

/** What a target's run hands the matrix (src/run's RunOutcome has both). */
export interface TargetRun {
  /** the run's results as judged */
  results: ResultsCollection;
  /** the run's summary, when it made one */
  summary?: RunSummary;
}

export function collectTarget(spec: TargetSpec, run: TargetRun, catalogue: readonly Clause[], selected: (clause: Clause) => boolean, facts: RunFacts): TargetOutcome {
  const collection = run.results;
  const summary = summaryOver(run, catalogue, selected);
  const extras = clauseExtrasOf(collection.files);
  const environment = collection.environment;
  const cells = idRecord<CompatCell>();
  for (const clause of summary.clauses) cells[clause.id] = cellOf(clause, extras.get(clause.id));
  // a version that could not be read is null: the label and the compat page say "version unknown"
  const egoVersion = versionUnknown(summary) ? null : summary.egoVersion;
  const persona = summary.persona ?? (spec.kind === "fake" ? spec.persona : null);
  return {
    key: spec.key,
    spec,
    label: targetLabel(spec, egoVersion, persona),
    kind: spec.kind,
    persona,
    egoVersion,
    versionSource: environment.get("version source") ?? null,
    targetName: summary.targetName,
    availability: "ran",
    runId: facts.runId ?? environment.get("run id") ?? null,
    startedAt: facts.startedAt,
    finishedAt: facts.finishedAt,
    shard: { ...facts.shard },
    problems: summary.problems.map(describeProblem),
    cells,
  };
}

/** The run's summary when it covers exactly the selected clauses of `catalogue`; else one made from its results. */
function summaryOver(run: TargetRun, catalogue: readonly Clause[], selected: (clause: Clause) => boolean): RunSummary {
  const wanted = catalogue.filter(selected).map((c) => c.id);
  const own = run.summary?.clauses.map((c) => c.id);
  if (run.summary !== undefined && own !== undefined && own.length === wanted.length && own.every((id, i) => id === wanted[i])) return run.summary;
  return summarize(resultsOf(run.results), catalogue, { selected });
}

/** A target that gave no results: every selected clause is unknown, with the reason. */
export function outcomeWithoutResults(
  spec: TargetSpec,
  availability: "unavailable" | "error" | "missing",
  reason: string,
  clauses: readonly Clause[],
  facts: { shard: Shard; startedAt?: string; finishedAt?: string },
): TargetOutcome {
  const cells = idRecord<CompatCell>();
  for (const clause of clauses) cells[clause.id] = { status: "unknown", messages: [`no result: ${reason}`], results: 0 };
  return {
    key: spec.key,
    spec,
    label: targetLabel(spec, spec.kind === "fake" ? spec.egoVersion : null, spec.kind === "fake" ? spec.persona : null),
    kind: spec.kind,
    persona: spec.kind === "fake" ? spec.persona : null,
    egoVersion: spec.kind === "fake" ? spec.egoVersion : null,
    versionSource: null,
    targetName: null,
    availability,
    reason,
    runId: null,
    startedAt: facts.startedAt ?? null,
    finishedAt: facts.finishedAt ?? null,
    shard: { ...facts.shard },
    problems: [],
    cells,
  };
}

export function cellOf(clause: ClauseSummary, extras: ClauseExtras | undefined): CompatCell {
  const status = clauseOutcome(clause.status, clause.unspecified);
  const cell: CompatCell = { status, results: clause.results };
  const messages = (clause.messages ?? []).map((m) => shorten(m.trim(), MAX_MESSAGE_CHARS)).filter(Boolean);
  switch (status) {
    case "not-applicable": {
      const key = extras?.notApplicable[0] ?? null;
      const message = messages[0]?.replace(/^not applicable:\s*/i, "");
      // a skip without its own sentence carries only the key: say what the key means
      const text = message !== undefined && message !== key ? message : reasonSentence(key);
      cell.reason = { key, text };
      break;
    }
    case "unspecified": {
      const outcomes = extras?.outcomes ?? [];
      if (outcomes.includes("differs-from-the-fake")) {
        cell.outcome = "differs-from-the-fake";
        if (extras !== undefined && extras.observed.length > 0) cell.observed = extras.observed.slice(0, MAX_MESSAGES);
      } else if (outcomes.includes("as-the-fake-chose")) {
        cell.outcome = "as-the-fake-chose";
      }
      break;
    }
    case "unknown":
      cell.messages = clause.results === 0 ? ["no result: the run reported nothing for this clause"] : messages.slice(0, MAX_MESSAGES);
      break;
    case "passed":
      break;
    default:
      if (messages.length > 0) cell.messages = messages.slice(0, MAX_MESSAGES);
      if (status === "known" && clause.bugs !== undefined && clause.bugs.length > 0) cell.bugs = [...clause.bugs];
  }
  return cell;
}

/** What a `not_applicable` key means, for a skip that gave no sentence of its own. */
export function reasonSentence(key: string | null): string {
  if (key === null) return "not applicable to this build or target";
  const [kind, what] = key.split(/:(.*)/s) as [string, string | undefined];
  if (kind === "feature" && what) return `needs the '${what}' feature, which this build does not have`;
  if (kind === "needs" && what) return `needs ${what}, which this target does not offer`;
  if (kind === "version") return "outside the Ego Lite versions the clause applies to";
  return `not applicable (${key})`;
}

/** The column header: version first (the grid is ordered by it), then what the target is. */
export function targetLabel(spec: TargetSpec, egoVersion: string | null, persona: string | null): string {
  const version = egoVersion ?? "version unknown";
  if (spec.kind === "installed") return `${version} · installed ${basename(spec.egoBrowser)}`;
  const what = persona !== null ? persona : spec.egoVersion !== null ? "fake (by version)" : spec.mutants.length === 0 ? "fake (default build)" : "fake";
  return `${version} · ${what}${spec.mutants.length > 0 ? ` + mutant ${spec.mutants.join("+")}` : ""}`;
}
