/**
 * Every process the harness starts is started here as the leader of a process group of its own,
 * and that group is ended on every exit path of the command that started it, so nothing the harness
 * starts outlives it (docs/installed-targets.md, "Processes").
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { appendToRegularFile } from "../files/append-file.js";
import { execa, type Options, type ResultPromise } from "execa";
import { onNextTarget } from "../target-scope/next-target.js";
import { listProcs, readProc, type ProcInfo } from "./proc.js";

/** how long a let-go group may take to empty by itself before what is in it is called a leftover */
const LET_GO_GRACE_MS = 5000;

/** The file a run's processes record the groups they start in (one line each: pgid, start ticks, command). */
export const GROUPS_ENV = "EGO_CONFORMANCE_GROUPS";

interface Group {
  pgid: number;
  /** the leader's start time: a member started before it is not of this group (a reused number) */
  startTicks: number;
  command: string;
  /** the harness still holds it (holdGroup): ended at the end without a report */
  held?: boolean;
}

const own = new Map<number, Group>();
let recordFile: string | undefined;
let hooked = false;
let refusal: string | null = null;
// a worker thread kept for another target: what it started for the earlier one is that one's, and ends
onNextTarget(() => {
  // only a leader that still runs (the same start time): a number freed since may be another's now
  for (const g of own.values()) if (readProc(g.pgid)?.startTicks === g.startTicks) killGroup(g.pgid, "SIGKILL");
  own.clear();
});

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is gone already
  }
}

function onSignal(signal: NodeJS.Signals): void {
  // another handler (a run's interrupt trap) decides what the signal means: the run stops its
  // work, cleans up through its own ego-browser, and ends the groups at its end
  if (process.listenerCount(signal) > 1) return;
  for (const g of own.values()) killGroup(g.pgid, "SIGKILL");
  process.exit(signal === "SIGINT" ? 130 : 143);
}

function hookExitPaths(): void {
  if (hooked) return;
  hooked = true;
  process.once("exit", () => {
    for (const g of own.values()) killGroup(g.pgid, "SIGKILL");
  });
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/** The groups of a run's other processes go into `file`, which endGroups() reads too (the CLI's side). */
export function adoptGroupRecord(file: string): void {
  recordFile = file;
}

/**
 * Starts `file args` as the leader of a new process group that ends with this command. When the
 * leader exits, what it left in its group is killed with it. `lifetime: "detached"` is for the one
 * process meant to outlive its command (`fake start`'s app): its own group, not ended here.
 */
export function startGroup<O extends Options>(file: string, args: readonly string[], options: O, lifetime: "command" | "detached" = "command"): ResultPromise<O> {
  if (refusal !== null) throw new Error(`no process is started any more: ${refusal}`);
  if (lifetime === "command") hookExitPaths();
  const child = execa(file, [...args], { ...options, detached: true, cleanup: false }) as unknown as ResultPromise<O>;
  const pid = child.pid;
  if (pid === undefined || lifetime === "detached") return child;
  const group: Group = { pgid: pid, startTicks: readProc(pid)?.startTicks ?? 0, command: `${file} ${args.join(" ")}`.trim().slice(0, 200) };
  own.set(pid, group);
  // the leader is gone: anything it left in its group goes with it, and the number is no longer ours
  (child as unknown as ChildProcess).once("exit", () => {
    killGroup(pid, "SIGKILL");
    own.delete(pid);
  });
  const record = process.env[GROUPS_ENV];
  if (record) {
    try {
      appendToRegularFile(record, `${group.pgid} ${group.startTicks} ${JSON.stringify(group.command)}\n`, "process-group record");
    } catch {
      // the run's scratch directory is gone (the run is ending): this process's own exit paths still end the group
    }
  }
  return child;
}

/**
 * Whether the harness still holds the group of `pid` (a pooled launcher whose script still runs
 * for it): a held group still running at the command's end is ended silently; one let go (its
 * script told to end) and still running outlived its script, and is reported.
 */
export function holdGroup(pid: number, held: boolean): void {
  const group = own.get(pid);
  if (!group) return;
  group.held = held;
}

/** Kills the group of a process startGroup started (the group outlives its leader's exit until then). */
export function killGroupOf(pid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  if (own.has(pid)) killGroup(pid, signal);
}

/** Kill every group this process started, and start no more (a run whose CLI died). */
export function killEveryGroup(reason: string): void {
  refusal ??= reason;
  for (const g of own.values()) killGroup(g.pgid, "SIGKILL");
}

function recordedGroups(): Group[] {
  if (!recordFile) return [];
  let text = "";
  try {
    text = readFileSync(recordFile, "utf8");
  } catch {
    return [];
  }
  const out: Group[] = [];
  for (const line of text.split("\n")) {
    const m = /^(\d+) (\d+) (.*)$/.exec(line);
    if (!m) continue;
    let command = "";
    try {
      command = JSON.parse(m[3]!) as string;
    } catch {
      command = m[3]!;
    }
    out.push({ pgid: Number(m[1]), startTicks: Number(m[2]), command });
  }
  return out;
}

/** The processes still in one of `groups` (zombies run nothing and are left out). */
export function membersOf(groups: readonly Group[], procs: readonly ProcInfo[] = listProcs()): ProcInfo[] {
  const byPgid = new Map(groups.map((g) => [g.pgid, g]));
  return procs.filter((p) => {
    const g = byPgid.get(p.pgid);
    return g !== undefined && p.pid !== process.pid && p.state !== "Z" && p.startTicks >= g.startTicks;
  });
}

export interface GroupsEnd {
  /** what was still running in the groups, having outlived its script, and was killed */
  ended: ProcInfo[];
  /** what was still running in groups the harness held (pooled launchers), killed without a report */
  released?: ProcInfo[];
  /** what was still there when the bound ran out (a process stuck in the kernel) */
  left: ProcInfo[];
}

/**
 * Ends what is left of the groups this process started (and, with `recorded`, the ones its run's
 * other processes recorded): SIGKILL to every group that still has a member, then /proc is read
 * until none is left, at most `boundMs`. `only: "recorded"` leaves this process's own groups
 * alone (the run's cleanup still needs its own `ego-browser`).
 */
export async function endGroups(options: { only?: "recorded"; boundMs?: number; graceMs?: number } = {}): Promise<GroupsEnd> {
  const groups = [...(options.only === "recorded" ? [] : own.values()), ...recordedGroups()];
  if (groups.length === 0) return { ended: [], left: [] };
  const held = new Set(groups.filter((g) => g.held === true).map((g) => g.pgid));
  // a launcher let go a moment ago (its script told to end, or a worker's pooled loop whose
  // connection closed with its worker) is still on its way out: a bounded grace, ended as soon as
  // the groups are empty, before anything is called a leftover, so only what outlived its script
  // is named. A node launcher's own shutdown is slow under load (docs/speed.md), and a
  // worker's holds are not in the record, so the grace is what keeps the notice true under load
  const letGo = groups.filter((g) => g.held !== true);
  const graceEnd = Date.now() + (options.graceMs ?? LET_GO_GRACE_MS);
  while (membersOf(letGo).length > 0 && Date.now() < graceEnd) await new Promise((r) => setTimeout(r, 25));
  const running = membersOf(groups);
  for (const pgid of new Set(running.map((p) => p.pgid))) killGroup(pgid, "SIGKILL");
  const ended = running.filter((p) => !held.has(p.pgid));
  const released = running.filter((p) => held.has(p.pgid));
  const deadline = Date.now() + (options.boundMs ?? 3000);
  let left = running.length ? membersOf(groups) : [];
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    left = membersOf(groups);
  }
  if (options.only !== "recorded") own.clear();
  return { ended, left, ...(released.length ? { released } : {}) };
}

/** One line for the command's output: what outlived its starter and was ended, or is still there. */
export function describeGroupsEnd(end: GroupsEnd, what: string): string[] {
  const lines: string[] = [];
  const list = (ps: readonly ProcInfo[]) => ps.slice(0, 8).map((p) => `${p.pid} (${p.command.slice(0, 80) || "?"})`).join(", ") + (ps.length > 8 ? `, and ${ps.length - 8} more` : "");
  if (end.ended.length) lines.push(`ego-conformance: ${end.ended.length} process(es) ${what} started were still running at its end and were ended: ${list(end.ended)}`);
  if (end.left.length) lines.push(`ego-conformance: ${end.left.length} process(es) ${what} started could not be ended: ${list(end.left)}`);
  return lines;
}
