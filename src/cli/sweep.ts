/**
 * `ego-conformance sweep [--ego-browser PATH] [--yes] [--force-unrecorded] [--json] [--probe-timeout MS]`:
 * parse the flags into typed options, sweep (src/safety/sweep.ts: what is listed, what is closed and
 * why), print the outcome, and map it to an exit status (1 when a close went wrong).
 */
import { sweepInstalled, type InstalledSweepOptions, type SpaceStatus, type SweepOutcome } from "../safety/sweep.js";
import { numberFlag, parseFlags } from "./parse-flags.js";
import { SWEEP_FLAGS } from "./options.js";
import { printable } from "../text/printable.js";

const SPACE_STATUS_TEXT: Record<SpaceStatus, string> = {
  closable: "recorded by a run that is over",
  live: "recorded by a run that is still live: not swept",
  unrecorded: "looks like ours, not recorded: closed only with --force-unrecorded",
  "not-agent": "not created by the agent: never closed",
};

export function parseSweepArgs(argv: string[]): InstalledSweepOptions & { json: boolean } {
  const { values } = parseFlags(argv, SWEEP_FLAGS);
  const probeTimeoutMs = numberFlag(values["probe-timeout"]);
  return {
    yes: values.yes,
    forceUnrecorded: values["force-unrecorded"],
    json: values.json,
    ...(values["ego-browser"] !== undefined ? { egoBrowser: values["ego-browser"] } : {}),
    ...(probeTimeoutMs !== undefined ? { probeTimeoutMs } : {}),
  };
}

export function renderSweep(outcome: SweepOutcome, yes: boolean): string {
  const lines = [`ego-browser: ${outcome.cli}`, `run ledger: ${outcome.ledger}`];
  if (outcome.removedTemp?.length) lines.push(`removed ${outcome.removedTemp.length} temporary director(ies) of harness processes that are gone: ${outcome.removedTemp.join(", ")}`);
  const count = outcome.runs.reduce((n, r) => n + r.spaces.length, 0);
  if (count === 0) lines.push("No task spaces named like ego-conformance runs'.");
  else lines.push(`${count} task space(s) named like ${outcome.runs.length} ego-conformance run(s)':`);
  for (const run of outcome.runs) {
    const state = run.ledger === "unknown" ? "not in the run ledger" : run.ledger === "live" ? `live (pid ${run.pid} on ${run.host})` : run.ledger === "dead" ? `its process (pid ${run.pid}) is gone` : "ended";
    lines.push(`  run ${run.runId}${run.startedAt ? ` (started ${run.startedAt})` : ""}: ${state}`);
    for (const s of run.spaces) {
      const result = s.result === undefined || s.result === "left" ? "" : ` -> ${s.result}${s.problem ? `: ${s.problem}` : ""}`;
      lines.push(`    ${JSON.stringify(s.id)}  ${s.name}  [${String(s.ownership)}, createdBy ${String(s.createdBy)}]  ${SPACE_STATUS_TEXT[s.status]}${result}`);
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
  // space names, ids and problems are the build's text
  return `${lines.map(printable).join("\n")}\n`;
}

export async function sweepCommand(argv: string[]): Promise<number> {
  const { json, ...options } = parseSweepArgs(argv);
  // a missing CLI (CliNotFoundError) is exit 2, said by the CLI's one-paragraph message (src/cli/messages.ts)
  const outcome = await sweepInstalled(options);
  process.stdout.write(json ? `${JSON.stringify(outcome, null, 2)}\n` : renderSweep(outcome, options.yes));
  return (outcome.problems?.length ?? 0) > 0 ? 1 : 0;
}
