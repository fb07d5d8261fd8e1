/**
 * A merged matrix -> compat.json: columns ordered by Ego Lite version, then persona, then key;
 * rows in catalogue order; a score per target and the interop share.
 */
import { AREAS } from "../contract/clause.js";
import { compareEgoVersions, tryParseEgoVersion } from "../version/index.js";
import {
  COMPAT_FORMAT,
  COMPAT_FORMAT_VERSION,
  CompatJson,
  INTEROP_DEFINITION,
  SCORE_DEFINITION,
  type CompatCell,
  type CompatClause,
  type CompatTarget,
  type TargetGate,
  type TargetOutcome,
} from "./compat-schema.js";
import { selectionOf, type MergedMatrix } from "./merge.js";
import { interop, scoreTarget } from "./score.js";
import { idRecord, ownEntry } from "../tables/id-record.js";

/** The gate's verdict per target key (./target-gate.ts), and what they were gated against. */
export interface CompatGates {
  against: string;
  byTarget: ReadonlyMap<string, TargetGate>;
  /** what `gate` warns of a target's baseline (another target kind or version), each prefixed with its key */
  warnings?: readonly string[];
}

export function compatOf(merged: MergedMatrix, now: Date = new Date(), gates?: CompatGates): CompatJson {
  const clauses = selectionOf(merged.plan);
  const ordered = orderTargets(merged.outcomes);
  const scored = new Map(clauses.map((c) => [c.id, { unspecified: c.unspecified !== undefined }]));

  const targets: CompatTarget[] = ordered.map(({ cells, ...target }) => {
    const score = scoreTarget(scored, cells);
    if (target.availability !== "ran") score.value = null;
    const gate = gates?.byTarget.get(target.key);
    return { ...target, score, ...(gate ? { gate } : {}) };
  });

  const rows: CompatClause[] = clauses.map((c) => ({
    id: c.id,
    title: c.title,
    area: c.area,
    method: c.methods[0] ?? null,
    methods: [...c.methods],
    severity: c.severity,
    features: [...c.features],
    versions: c.versions ?? null,
    unspecified: c.unspecified ? { question: c.unspecified.question, choice: c.unspecified.choice, core: c.unspecified.core, openDetail: c.unspecified.openDetail } : null,
    cells: idRecord(
      ordered.map((t): [string, CompatCell] => {
        const cell = ownEntry(t.cells, c.id);
        if (cell === undefined) throw new Error(`target '${t.key}' has no cell for clause '${c.id}' (a bundle of another catalogue?)`);
        return [t.key, cell];
      }),
    ),
  }));

  const ran = ordered.filter((t) => t.availability === "ran").map((t) => t.key);
  const warnings = [...merged.warnings];
  for (const t of ordered) {
    if (t.availability === "unavailable" || t.availability === "error") warnings.push(`${t.key} (${t.label}) did not run: ${t.reason ?? t.availability}`);
    for (const p of t.problems) warnings.push(`${t.key}: ${p}`);
  }
  warnings.push(...(gates?.warnings ?? []));
  const areasInUse = new Set(clauses.map((c) => c.area));

  return CompatJson.parse({
    format: COMPAT_FORMAT,
    formatVersion: COMPAT_FORMAT_VERSION,
    generatedAt: now.toISOString(),
    harness: merged.harness,
    plan: { id: merged.plan.id, targets: merged.plan.targets.map((t) => t.key), selection: merged.plan.selection, shards: merged.shardCount },
    sources: merged.sources.map((s) => ({ shard: s.shard, bundle: s.bundle, createdAt: s.createdAt })),
    warnings,
    scoreDefinition: SCORE_DEFINITION,
    interop: { definition: INTEROP_DEFINITION, ...interop(rows.map((r) => ({ unspecified: r.unspecified !== null, cells: r.cells })), ran) },
    areas: (Object.entries(AREAS) as [keyof typeof AREAS, string][]).filter(([id]) => areasInUse.has(id)).map(([id, title]) => ({ id, title })),
    targets,
    clauses: rows,
    ...(gates ? { gate: { against: gates.against, ship: targets.filter((t) => t.gate?.ship === true).map((t) => t.key) } } : {}),
  });
}

/**
 * Columns: numeric Ego Lite versions ascending, then non-numeric version texts (alphabetical),
 * then targets with no version; within one version, the fake's default build first, then
 * personas alphabetically, then installed builds; the key breaks any remaining tie.
 */
export function orderTargets<T extends Pick<TargetOutcome, "key" | "egoVersion" | "persona" | "kind">>(targets: readonly T[]): T[] {
  const rank = (t: T) => (t.kind === "installed" ? 2 : t.persona === null ? 0 : 1);
  return [...targets].sort((a, b) => {
    const va = a.egoVersion === null ? null : tryParseEgoVersion(a.egoVersion);
    const vb = b.egoVersion === null ? null : tryParseEgoVersion(b.egoVersion);
    const group = (t: T, v: unknown) => (v !== null ? 0 : t.egoVersion !== null ? 1 : 2);
    const ga = group(a, va);
    const gb = group(b, vb);
    if (ga !== gb) return ga - gb;
    if (va && vb) {
      const c = compareEgoVersions(va, vb);
      if (c !== 0) return c;
    } else if (ga === 1 && a.egoVersion !== b.egoVersion) {
      return (a.egoVersion ?? "").localeCompare(b.egoVersion ?? "");
    }
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    const pa = a.persona ?? "";
    const pb = b.persona ?? "";
    if (pa !== pb) return pa.localeCompare(pb);
    return a.key.localeCompare(b.key);
  });
}
