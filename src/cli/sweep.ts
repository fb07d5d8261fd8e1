/**
 * `ego-conformance sweep [--ego-browser PATH] [--yes] [--force-unrecorded] [--json] [--probe-timeout MS]`:
 * list the task spaces named like ego-conformance runs' (`ego-conformance <run-id> ...`), grouped
 * by run, each with what the run ledger (src/safety/ledger.ts) says about it; with --yes close
 * those that are provably left over, one per probe with its own bound, and report each:
 *   - recorded by a run that is over, createdBy as made: closed;
 *   - recorded by a run still live in another process: listed, never closed;
 *   - createdBy "agent" but unknown to the ledger ("looks like ours, not recorded"): closed only
 *     with --force-unrecorded;
 *   - created by someone else (createdBy "user", not recorded as the harness's): never closed.
 */
import type { Json } from "../contract/arguments.js";
import { closeEach } from "../safety/close-each.js";
import { Ledger } from "../safety/ledger.js";
import { documentedListing } from "../safety/list-spaces.js";
import { sweepVerdict, type SweepVerdict } from "../safety/owned-spaces.js";
import { runIdTime } from "../safety/run-id.js";
import { createCliTarget } from "../targets/cli/cli-target.js";
import { locateCli } from "../targets/detect/locate-cli.js";
import type { Target } from "../targets/target.js";
import { parseProbeTimeout } from "./detect.js";
import { parseFlags } from "./parse-flags.js";
import { SWEEP_FLAGS } from "./options.js";

export type SpaceStatus = "closable" | "live" | "unrecorded" | "not-agent";

export interface SweptSpace {
  id: Json;
  name: string;
  ownership: Json;
  createdBy: Json;
  status: SpaceStatus;
  /** with --yes: what happened to it */
  result?: "closed" | "skipped" | "failed" | "left";
  problem?: string;
}

export interface SweptRun {
  runId: string;
  /** when the run started (from its id), ISO; null if the id's timestamp is not a date */
  startedAt: string | null;
  /** what the ledger says of the run */
  ledger: "ended" | "live" | "dead" | "unknown";
  pid?: number;
  host?: string;
  spaces: SweptSpace[];
}

export interface SweepOutcome {
  cli: string;
  /** the run ledger read */
  ledger: string;
  runs: SweptRun[];
  /** with --yes: the ids closed and what went wrong */
  closed?: Json[];
  problems?: string[];
}

export interface SweepOptions {
  yes: boolean;
  /** also close agent-created spaces the ledger does not know */
  forceUnrecorded?: boolean;
  ledger?: Ledger;
  /** bound on each close's polling (ms) */
  closeBoundMs?: number;
}

const STATUS_TEXT: Record<SpaceStatus, string> = {
  closable: "recorded by a run that is over",
  live: "recorded by a run that is still live: not swept",
  unrecorded: "looks like ours, not recorded: closed only with --force-unrecorded",
  "not-agent": "not created by the agent: never closed",
};

function statusOf(verdict: SweepVerdict): SpaceStatus {
  return verdict.kind;
}

/** Sweep through `target`; pure of the command line, so tests can drive it. */
export async function sweep(target: Target, options: SweepOptions): Promise<Omit<SweepOutcome, "cli">> {
  const ledger = options.ledger ?? new Ledger();
  const session = await target.openSession();
  let listing;
  try {
    listing = await documentedListing(session);
  } finally {
    await session.close();
  }
  if (!listing.ok) throw new Error(listing.reason);
  const view = ledger.read();
  const runs = new Map<string, SweptRun>();
  for (const space of listing.spaces) {
    const verdict = sweepVerdict(space, view);
    if (verdict === null) continue;
    let run = runs.get(verdict.runId);
    if (!run) {
      const record = view.runs.get(verdict.runId);
      const live = view.liveRun(verdict.runId);
      run = {
        runId: verdict.runId,
        startedAt: runIdTime(verdict.runId)?.toISOString() ?? null,
        ledger: !record ? "unknown" : record.endedAt !== undefined ? "ended" : live ? "live" : "dead",
        ...(record ? { pid: record.pid, host: record.host } : {}),
        spaces: [],
      };
      runs.set(verdict.runId, run);
    }
    run.spaces.push({ id: space.id, name: space.name as string, ownership: space.ownership, createdBy: space.createdBy, status: statusOf(verdict) });
  }
  const sorted = [...runs.values()].sort((a, b) => a.runId.localeCompare(b.runId));
  const outcome: Omit<SweepOutcome, "cli"> = { ledger: ledger.path, runs: sorted };
  if (!options.yes) return outcome;
  const all = sorted.flatMap((r) => r.spaces);
  const chosen = all.filter((s) => s.status === "closable" || (s.status === "unrecorded" && options.forceUnrecorded === true));
  for (const s of all) if (!chosen.includes(s)) s.result = "left";
  const each = await closeEach(target, chosen.map(({ id, name }) => ({ id, name })), options.closeBoundMs !== undefined ? { boundMs: options.closeBoundMs } : {});
  chosen.forEach((s, i) => {
    const e = each[i]!;
    s.result = e.result;
    if (e.problem !== undefined) s.problem = e.problem;
  });
  outcome.closed = chosen.filter((s) => s.result === "closed").map((s) => s.id);
  outcome.problems = chosen.filter((s) => s.result !== "closed").map((s) => `${JSON.stringify(s.id)} (${JSON.stringify(s.name)}): ${s.result}: ${s.problem ?? ""}`);
  return outcome;
}

export function renderSweep(outcome: SweepOutcome, yes: boolean): string {
  const lines = [`ego-browser: ${outcome.cli}`, `run ledger: ${outcome.ledger}`];
  const count = outcome.runs.reduce((n, r) => n + r.spaces.length, 0);
  if (count === 0) lines.push("No task spaces named like ego-conformance runs'.");
  else lines.push(`${count} task space(s) named like ${outcome.runs.length} ego-conformance run(s)':`);
  for (const run of outcome.runs) {
    const state = run.ledger === "unknown" ? "not in the run ledger" : run.ledger === "live" ? `live (pid ${run.pid} on ${run.host})` : run.ledger === "dead" ? `its process (pid ${run.pid}) is gone` : "ended";
    lines.push(`  run ${run.runId}${run.startedAt ? ` (started ${run.startedAt})` : ""}: ${state}`);
    for (const s of run.spaces) {
      const result = s.result === undefined || s.result === "left" ? "" : ` -> ${s.result}${s.problem ? `: ${s.problem}` : ""}`;
      lines.push(`    ${JSON.stringify(s.id)}  ${s.name}  [${String(s.ownership)}, createdBy ${String(s.createdBy)}]  ${STATUS_TEXT[s.status]}${result}`);
    }
  }
  const closable = outcome.runs.flatMap((r) => r.spaces).filter((s) => s.status === "closable").length;
  const unrecorded = outcome.runs.flatMap((r) => r.spaces).filter((s) => s.status === "unrecorded").length;
  if (count > 0 && !yes) {
    lines.push(`Nothing was changed. 'ego-conformance sweep --yes' closes the ${closable} recorded by runs that are over (and nothing else)${unrecorded ? `; add --force-unrecorded to close the ${unrecorded} that look like ours but are not recorded` : ""}.`);
  }
  if (yes && outcome.closed) {
    const tried = outcome.runs.flatMap((r) => r.spaces).filter((s) => s.result !== undefined && s.result !== "left").length;
    lines.push(`Closed ${outcome.closed.length} of ${tried}.`);
    for (const p of outcome.problems ?? []) lines.push(`  problem: ${p}`);
  }
  return `${lines.join("\n")}\n`;
}

export async function sweepCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, SWEEP_FLAGS);
  const probeTimeoutMs = parseProbeTimeout(values["probe-timeout"]);
  // a missing CLI (CliNotFoundError) is exit 2, said by the CLI's one-paragraph message (src/cli/messages.ts)
  const cli = await locateCli(values["ego-browser"] !== undefined ? { flag: values["ego-browser"] } : {});
  const target = createCliTarget({
    cliPath: cli.path,
    prewarm: 0,
    info: { kind: "installed", name: cli.path, egoVersion: null, egoVersionText: null, versionSource: "not detected (sweep)", features: new Set(), capabilities: new Set() },
    ...(probeTimeoutMs !== undefined ? { probeTimeoutMs, processTimeoutMs: probeTimeoutMs } : {}),
  });
  let outcome: SweepOutcome;
  try {
    outcome = { cli: cli.path, ...(await sweep(target, { yes: values.yes, forceUnrecorded: values["force-unrecorded"] })) };
  } finally {
    await target.close();
  }
  process.stdout.write(values.json ? `${JSON.stringify(outcome, null, 2)}\n` : renderSweep(outcome, values.yes));
  return (outcome.problems?.length ?? 0) > 0 ? 1 : 0;
}
