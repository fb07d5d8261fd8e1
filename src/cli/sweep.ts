/**
 * `ego-conformance sweep [--ego-browser PATH] [--yes] [--json] [--probe-timeout MS]`: list the
 * task spaces earlier runs left behind (names `ego-conformance <run-id> ...`, with a run id of
 * the shape the harness makes), grouped by run; with --yes close them (claim or take over first,
 * polled), and nothing else. Do not sweep while a run is going on: its spaces look the same.
 */
import { closeSpaces } from "../safety/close-spaces.js";
import { listSpaces } from "../safety/list-spaces.js";
import { leftoverRuns, type LeftoverRun } from "../safety/run-spaces.js";
import { createCliTarget } from "../target/cli-target.js";
import { CliNotFoundError, locateCli } from "../target/locate-cli.js";
import type { Target } from "../target/target.js";
import { parseProbeTimeout } from "./detect.js";
import { parseFlags } from "./parse-flags.js";
import { UsageError } from "./usage-error.js";

export interface SweepOutcome {
  cli: string;
  runs: LeftoverRun[];
  /** with --yes: what was closed and what went wrong */
  closed?: unknown[];
  problems?: string[];
}

/** Sweep through `target`; pure of the command line, so tests can drive it. */
export async function sweep(target: Target, options: { yes: boolean }): Promise<Omit<SweepOutcome, "cli">> {
  const session = await target.openSession();
  try {
    const listing = await listSpaces(session);
    if (!listing.ok) throw new Error(listing.reason);
    const runs = leftoverRuns(listing.spaces);
    if (!options.yes || runs.length === 0) return { runs };
    const outcome = await closeSpaces(session, runs.flatMap((r) => r.spaces.map(({ id, name }) => ({ id, name }))));
    return { runs, closed: outcome.closed, problems: [...outcome.problems, ...outcome.skipped.map((s) => `${JSON.stringify(s.id)}: ${s.reason}`)] };
  } finally {
    await session.close();
  }
}

export function renderSweep(outcome: SweepOutcome, yes: boolean): string {
  const lines = [`ego-browser: ${outcome.cli}`];
  const count = outcome.runs.reduce((n, r) => n + r.spaces.length, 0);
  if (count === 0) lines.push("No task spaces of earlier ego-conformance runs.");
  else lines.push(`${count} task space(s) of ${outcome.runs.length} earlier run(s):`);
  for (const run of outcome.runs) {
    lines.push(`  run ${run.runId}${run.startedAt ? ` (started ${run.startedAt})` : ""}`);
    for (const s of run.spaces) lines.push(`    ${JSON.stringify(s.id)}  ${s.name}  [${String(s.ownership)}]`);
  }
  if (count > 0 && !yes) lines.push("Nothing was changed; 'ego-conformance sweep --yes' closes them (and nothing else).");
  if (yes && outcome.closed) {
    lines.push(`Closed ${outcome.closed.length} of ${count}.`);
    for (const p of outcome.problems ?? []) lines.push(`  problem: ${p}`);
  }
  return `${lines.join("\n")}\n`;
}

export async function sweepCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    "ego-browser": { type: "string" },
    yes: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    "probe-timeout": { type: "string" },
  });
  const probeTimeoutMs = parseProbeTimeout(values["probe-timeout"]);
  let cli;
  try {
    cli = await locateCli(values["ego-browser"] !== undefined ? { flag: values["ego-browser"] } : {});
  } catch (error) {
    if (error instanceof CliNotFoundError) {
      process.stderr.write(`ego-conformance sweep: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const target = createCliTarget({
    cliPath: cli.path,
    prewarm: 0,
    info: { kind: "installed", name: cli.path, egoVersion: null, egoVersionText: null, versionSource: "not detected (sweep)", features: new Set(), capabilities: new Set() },
    ...(probeTimeoutMs !== undefined ? { probeTimeoutMs, processTimeoutMs: probeTimeoutMs } : {}),
  });
  let outcome: SweepOutcome;
  try {
    outcome = { cli: cli.path, ...(await sweep(target, { yes: values.yes })) };
  } finally {
    await target.close();
  }
  process.stdout.write(values.json ? `${JSON.stringify(outcome, null, 2)}\n` : renderSweep(outcome, values.yes));
  return (outcome.problems?.length ?? 0) > 0 ? 1 : 0;
}
