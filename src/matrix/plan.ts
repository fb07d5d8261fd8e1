/**
 * A matrix plan: its targets in flag order, clause selection and run settings. Its id hashes all
 * three, so the shards of one matrix run elsewhere with the same flags share it, and
 * `report --merge` can refuse bundles of different matrices.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { Selection } from "./compat-schema.js";
import { TargetSpec } from "./target-spec.js";

/** The run flags every target of the matrix takes, as `run` takes them: they change verdicts, so they are part of the plan. */
export const RunSettings = z.strictObject({
  /** every clause runs regardless of build features and versions (`--ungated`) */
  ungated: z.boolean(),
  /** no expectations file is applied (`--no-expectations`) */
  noExpectations: z.boolean(),
});
export type RunSettings = z.infer<typeof RunSettings>;

export const NO_RUN_SETTINGS: RunSettings = { ungated: false, noExpectations: false };

export const MatrixPlan = z
  .object({
    id: z.string().regex(/^[0-9a-f]{12}$/),
    targets: z.array(TargetSpec),
    selection: Selection,
    /** absent in a bundle made before the matrix took run settings: it ran with none */
    settings: RunSettings.default(NO_RUN_SETTINGS),
  })
  .strict();
export type MatrixPlan = z.infer<typeof MatrixPlan>;

export function makePlan(targets: readonly TargetSpec[], selection: Selection, runSettings: Partial<RunSettings> = {}): MatrixPlan {
  const keys = new Set<string>();
  for (const t of targets) {
    if (keys.has(t.key)) throw new Error(`the matrix names target '${t.key}' twice`);
    keys.add(t.key);
  }
  const settings: RunSettings = { ungated: runSettings.ungated === true, noExpectations: runSettings.noExpectations === true };
  const canonical = JSON.stringify({ targets, selection: { areas: [...selection.areas], grep: selection.grep }, settings });
  const id = createHash("sha256").update(canonical).digest("hex").slice(0, 12);
  return { id, targets: [...targets], selection, settings };
}

/** This harness's name and version (package.json), recorded in every bundle and compat.json. */
export function harnessInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
