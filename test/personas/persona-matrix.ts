/**
 * Many personas in one `matrix` run through the real CLI (one vitest for all, workers kept from
 * target to target), read back persona by persona: each target's availability, its outcomes file
 * and its results directory in the bundle, as `run --outcomes` and `run --results` would have them.
 */
import { bundleDirFor } from "../../src/matrix/make-matrix.js";
import { readBundle, targetOutcomesFile, targetResultsDir } from "../../src/matrix/bundle.js";
import { WHOLE } from "../../src/matrix/shard.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { readOutcomes, type RunOutcomes } from "../../src/gate/outcomes-file.js";
import type { Outcome } from "../../src/outcomes/statuses.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** One persona's target: its outcomes and results when it ran, else why not. */
export type PersonaTarget =
  | { persona: string; ran: true; outcomes: RunOutcomes; resultsDir: string }
  | { persona: string; ran: false; availability: string; reason: string };

/**
 * `matrix --personas P,... FLAGS --no-allure --json --out DIR`, each persona's target read from
 * the bundle. A matrix that exits other than 0 or 1 (a usage error, a crash) or leaves no bundle
 * throws with its stderr: no persona can be judged from it.
 */
export async function personaMatrix(personas: readonly string[], flags: readonly string[], label: string, timeoutMs: number): Promise<Map<string, PersonaTarget>> {
  const out = await tempDir(label);
  const run = await runCli(["matrix", "--personas", personas.join(","), ...flags, "--no-allure", "--json", "--out", out], { timeoutMs });
  if (run.exitCode !== 0 && run.exitCode !== 1) throw new Error(`matrix of ${personas.join(", ")} exited ${run.exitCode}${run.timedOut ? " (timed out)" : ""}: ${run.stderr.slice(-800)}`);
  const bundleDir = bundleDirFor(out, WHOLE, false);
  const { bundle } = await readBundle(bundleDir);
  const targets = new Map<string, PersonaTarget>();
  for (const persona of personas) {
    const key = personaTarget(persona).key;
    const target = bundle.targets.find((t) => t.key === key);
    if (target === undefined) throw new Error(`the matrix's bundle ${bundleDir} has no target ${key}`);
    if (target.availability !== "ran") {
      targets.set(persona, { persona, ran: false, availability: target.availability, reason: target.reason ?? "no reason given" });
      continue;
    }
    const resultsDir = targetResultsDir(bundleDir, key);
    targets.set(persona, { persona, ran: true, outcomes: await readOutcomes(targetOutcomesFile(resultsDir)), resultsDir });
  }
  return targets;
}

/** The ids of the clauses that ended `status`, sorted. */
export function statusOf(outcomes: RunOutcomes, status: Outcome): string[] {
  return Object.entries(outcomes.clauses)
    .filter(([, c]) => c.status === status)
    .map(([id]) => id)
    .sort();
}

/** Why a persona's target cannot be judged: it did not run. */
export function notRan(target: PersonaTarget & { ran: false }): string {
  return `did not run (${target.availability}): ${target.reason}`;
}
