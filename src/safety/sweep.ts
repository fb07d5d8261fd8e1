/**
 * The sweep as a library: list the task spaces named like this harness's runs, grouped by run, and
 * with `yes` close those the run ledger proves left over (docs/installed-targets.md, "Leftover spaces").
 */
import { sweepStaleTemp } from "../scratch/scratch-dir.js";
import type { Json } from "../contract/arguments.js";
import { closeOneByOne } from "./close-one-by-one.js";
import { Ledger } from "./ledger.js";
import { documentedListing } from "./probe-listing.js";
import { sweepVerdict, type SweepVerdict } from "./proven-ours.js";
import { runIdTime } from "./run-id.js";
import { createCliTarget } from "../targets/cli/cli-target.js";
import { locateCli } from "../targets/detect/locate-cli.js";
import type { Target } from "../targets/target.js";
import { namedError } from "../errors/named-error.js";

/**
 * The sweep could not list the task spaces it would judge: nothing was closed. Not a bad input:
 * the CLI says "'sweep' could not be completed" with the reason.
 */
export class SweepError extends namedError("SweepError") {}

export type SpaceStatus = "closable" | "live" | "unrecorded" | "not-agent";

export interface SweptSpace {
  id: Json;
  name: string;
  ownership: Json;
  createdBy: Json;
  status: SpaceStatus;
  /** with `yes`: what happened to it */
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
  /** with `yes`: the ids closed and what went wrong */
  closed?: Json[];
  problems?: string[];
  /** temporary directories of harness processes that are gone (SIGKILL), removed (src/scratch) */
  removedTemp?: string[];
}

export interface SweepOptions {
  yes: boolean;
  /** also close agent-created spaces the ledger does not know */
  forceUnrecorded?: boolean;
  ledger?: Ledger;
  /** bound on each close's polling (ms) */
  closeBoundMs?: number;
}

/** A sweep of the installed build: which `ego-browser`, and the bound on each probe. */
export interface InstalledSweepOptions extends SweepOptions {
  /** `--ego-browser PATH`; unset: found as `ego-conformance detect` finds it */
  egoBrowser?: string;
  /** `--probe-timeout MS`: bound on one probe (and on its process) */
  probeTimeoutMs?: number;
}

function statusOf(verdict: SweepVerdict): SpaceStatus {
  return verdict.kind;
}

/** Sweep through `target` (any target: tests drive it with the fake). */
export async function sweep(target: Target, options: SweepOptions): Promise<Omit<SweepOutcome, "cli">> {
  const ledger = options.ledger ?? new Ledger();
  // read first: a ledger that cannot be read (a FIFO, a directory) ends the sweep before any listing
  const view = ledger.read();
  const session = await target.openSession();
  let listing;
  try {
    listing = await documentedListing(session);
  } finally {
    await session.close();
  }
  if (!listing.ok) throw new SweepError(listing.reason);
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
  // a live run proves that every space not its own is unchanged at its end (safety.user-spaces.unchanged):
  // a dead run's leftover claimed and closed meanwhile would fail it, blaming the build for the sweep
  const holders = view.liveRuns();
  if (holders.length > 0) {
    const why = `${holders.map((r) => `run ${r.runId} is live (pid ${r.pid} on ${r.host})`).join("; ")}; a live run's safety check holds every space that is not its own unchanged, so nothing was closed: sweep again once it has ended`;
    for (const s of chosen) {
      s.result = "skipped";
      s.problem = "a run is live";
    }
    outcome.closed = [];
    outcome.problems = chosen.length > 0 ? [why] : [];
    return outcome;
  }
  const each = await closeOneByOne(target, chosen.map(({ id, name }) => ({ id, name })), options.closeBoundMs !== undefined ? { boundMs: options.closeBoundMs } : {});
  chosen.forEach((s, i) => {
    const e = each[i]!;
    s.result = e.result;
    if (e.problem !== undefined) s.problem = e.problem;
  });
  outcome.closed = chosen.filter((s) => s.result === "closed").map((s) => s.id);
  outcome.problems = chosen.filter((s) => s.result !== "closed").map((s) => `${JSON.stringify(s.id)} (${JSON.stringify(s.name)}): ${s.result}${s.problem ? `: ${s.problem}` : ""}`);
  return outcome;
}

/**
 * Sweep the installed build: locate its `ego-browser` (CliNotFoundError when there is none),
 * sweep through it without detection (the listing is all a sweep asks), and close it again.
 */
export async function sweepInstalled(options: InstalledSweepOptions): Promise<SweepOutcome> {
  const { egoBrowser, probeTimeoutMs, ...sweepOptions } = options;
  // what killed runs left in the temp directory is provably ours (its marker) and dead (its owner): it goes
  const removedTemp = await sweepStaleTemp();
  const cli = await locateCli(egoBrowser !== undefined ? { flag: egoBrowser } : {});
  const target = createCliTarget({
    cliPath: cli.path,
    prewarm: 0,
    info: { kind: "installed", name: cli.path, egoVersion: null, egoVersionText: null, versionSource: "not detected (sweep)", features: new Set(), capabilities: new Set() },
    ...(probeTimeoutMs !== undefined ? { probeTimeoutMs, processTimeoutMs: probeTimeoutMs } : {}),
  });
  try {
    return { cli: cli.path, ...(await sweep(target, sweepOptions)), ...(removedTemp.length ? { removedTemp } : {}) };
  } finally {
    await target.close();
  }
}
