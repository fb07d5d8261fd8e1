/**
 * Putting the shards of a matrix back together: bundles merge only when they share one plan and one
 * split; a duplicate shard is merged once or refused, a missing one leaves its targets unknown
 * (never green), and a bundle that is not its shard's slice of the plan is refused.
 */
import type { TargetOutcome } from "./compat-schema.js";
import { targetResultsDir, type LoadedBundle } from "./bundle.js";
import { outcomeWithoutResults } from "./collect.js";
import type { MatrixPlan } from "./plan.js";
import { formatShard, shardSlice, type Shard } from "./shard.js";
import { CATALOGUE } from "../contract/catalogue.js";
import type { Clause } from "../contract/clause.js";
import { selectedBy } from "../run/select.js";
import { namedError } from "../errors/named-error.js";

/** Bundles that are not the shards of one matrix: nothing is merged. */
export class MergeError extends namedError("MergeError", "bad-input") {}

export interface MergedMatrix {
  plan: MatrixPlan;
  shardCount: number;
  harness: { name: string; version: string };
  sources: { shard: Shard; bundle: string; createdAt: string }[];
  /** one per plan target, in plan order (missing shards' targets included) */
  outcomes: TargetOutcome[];
  /** Allure results of the targets that ran */
  results: { key: string; dir: string }[];
  warnings: string[];
}

export function mergeBundles(loaded: readonly LoadedBundle[], selectedClauses: (plan: MatrixPlan) => readonly Clause[] = selectionOf): MergedMatrix {
  if (loaded.length === 0) throw new MergeError("no matrix bundles to merge");
  const unique = dedupePaths(loaded);
  const [first] = unique as [LoadedBundle, ...LoadedBundle[]];
  const plan = first.bundle.plan;
  const shardCount = first.bundle.shard.count;

  const otherPlans = unique.filter((b) => b.bundle.plan.id !== plan.id);
  if (otherPlans.length > 0) {
    const ids = [...new Set(unique.map((b) => `${b.bundle.plan.id} (${b.dir})`))];
    throw new MergeError(`the bundles come from different matrices (plan ids differ: ${ids.join("; ")}); merge only the shards of one matrix run with the same flags`);
  }
  const otherCounts = unique.filter((b) => b.bundle.shard.count !== shardCount);
  if (otherCounts.length > 0) {
    throw new MergeError(`the bundles split the matrix differently: ${unique.map((b) => `${formatShard(b.bundle.shard)} (${b.dir})`).join("; ")}`);
  }

  const warnings: string[] = [];
  const byShard = new Map<number, LoadedBundle>();
  for (const b of unique) {
    const expected = shardSlice(plan.targets, b.bundle.shard).map((t) => t.key);
    const actual = b.bundle.targets.map((t) => t.key);
    if (expected.join("\n") !== actual.join("\n")) {
      throw new MergeError(`bundle ${b.dir} (shard ${formatShard(b.bundle.shard)}) holds targets [${actual.join(", ")}], but that shard of the plan is [${expected.join(", ")}]`);
    }
    const earlier = byShard.get(b.bundle.shard.index);
    if (earlier === undefined) {
      byShard.set(b.bundle.shard.index, b);
    } else if (sameRun(earlier, b)) {
      warnings.push(`shard ${formatShard(b.bundle.shard)} was given twice (${earlier.dir} and ${b.dir}, the same run); merged once`);
    } else {
      throw new MergeError(`shard ${formatShard(b.bundle.shard)} was given twice from different runs: ${earlier.dir} (created ${earlier.bundle.createdAt}) and ${b.dir} (created ${b.bundle.createdAt}); keep one`);
    }
  }

  const clauses = selectedClauses(plan);
  const outcomes = new Map<string, TargetOutcome>();
  const results: { key: string; dir: string }[] = [];
  for (const b of byShard.values()) {
    for (const t of b.bundle.targets) {
      outcomes.set(t.key, t);
      if (t.availability === "ran") results.push({ key: t.key, dir: targetResultsDir(b.dir, t.key) });
    }
  }
  for (let index = 1; index <= shardCount; index += 1) {
    if (byShard.has(index)) continue;
    const shard = { index, count: shardCount };
    const missing = shardSlice(plan.targets, shard);
    if (missing.length === 0) continue; // an empty shard has nothing to lose
    warnings.push(`shard ${formatShard(shard)} is missing: its targets ${missing.map((t) => t.key).join(", ")} have no results`);
    for (const spec of missing) outcomes.set(spec.key, outcomeWithoutResults(spec, "missing", `shard ${formatShard(shard)} was not merged`, clauses, { shard }));
  }

  const sources = [...byShard.values()]
    .sort((a, b) => a.bundle.shard.index - b.bundle.shard.index)
    .map((b) => ({ shard: b.bundle.shard, bundle: b.dir, createdAt: b.bundle.createdAt }));
  return {
    plan,
    shardCount,
    harness: first.bundle.harness,
    sources,
    outcomes: plan.targets.map((t) => outcomes.get(t.key)!),
    results: results.sort((a, b) => a.key.localeCompare(b.key)),
    warnings,
  };
}

/** The catalogue clauses a plan's selection covers (what every target's cells are keyed by). */
export function selectionOf(plan: Pick<MatrixPlan, "selection">): Clause[] {
  return CATALOGUE.filter(selectionPredicate(plan.selection));
}

/** The same rule `run --area/--grep` applies (src/run/select.ts). */
export function selectionPredicate(selection: MatrixPlan["selection"]): (clause: Clause) => boolean {
  return selectedBy({ areas: selection.areas, ...(selection.grep === null ? {} : { grep: new RegExp(selection.grep) }) });
}

function dedupePaths(loaded: readonly LoadedBundle[]): LoadedBundle[] {
  const seen = new Set<string>();
  return loaded.filter((b) => (seen.has(b.dir) ? false : (seen.add(b.dir), true)));
}

function sameRun(a: LoadedBundle, b: LoadedBundle): boolean {
  const ids = (x: LoadedBundle) => x.bundle.targets.map((t) => `${t.key}=${t.runId ?? ""}`).join(",");
  return a.bundle.createdAt === b.bundle.createdAt && ids(a) === ids(b);
}
