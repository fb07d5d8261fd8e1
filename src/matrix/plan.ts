/**
 * A matrix plan: the full target list (in the order the flags gave it) and the clause selection.
 * Its id is a hash of both, so the shards of one matrix, run on different machines with the same
 * flags, carry the same id, and `report --merge` can refuse bundles of different matrices.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { Selection } from "./compat-schema.js";
import { TargetSpec } from "./target-spec.js";

export const MatrixPlan = z
  .object({
    id: z.string().regex(/^[0-9a-f]{12}$/),
    targets: z.array(TargetSpec),
    selection: Selection,
  })
  .strict();
export type MatrixPlan = z.infer<typeof MatrixPlan>;

export function makePlan(targets: readonly TargetSpec[], selection: Selection): MatrixPlan {
  const keys = new Set<string>();
  for (const t of targets) {
    if (keys.has(t.key)) throw new Error(`the matrix names target '${t.key}' twice`);
    keys.add(t.key);
  }
  const canonical = JSON.stringify({ targets, selection: { areas: [...selection.areas], grep: selection.grep } });
  const id = createHash("sha256").update(canonical).digest("hex").slice(0, 12);
  return { id, targets: [...targets], selection };
}

/** This harness's name and version (package.json), recorded in every bundle and compat.json. */
export function harnessInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
