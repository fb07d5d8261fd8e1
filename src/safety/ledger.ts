/**
 * The run ledger: the harness's append-only record of which run made which task space and which
 * runs are live, so ownership is proven by a record, never by a name alone (file format and
 * location: docs/installed-targets.md, "The run ledger").
 */
import { lstatSync } from "node:fs";
import { makeDirectorySync } from "../files/owned-files.js";
import { hostname, userInfo } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { Json } from "../contract/arguments.js";
import { appendToRegularFile } from "../files/append-file.js";
import { InputFileError, parseJson, readInputFileSync } from "../files/input-file.js";
import { readProc, recordedProcessAlive } from "../processes/proc.js";

export const LEDGER_ENV = "EGO_CONFORMANCE_LEDGER";

/**
 * Always absolute, so a sweep from another directory reads the same file: `$EGO_CONFORMANCE_LEDGER`
 * (resolved against the working directory), else `$XDG_STATE_HOME` when it is absolute (the XDG
 * Base Directory spec: a relative path there is invalid and ignored), else `$HOME/.local/state` when
 * HOME is absolute, else the user's home from the password database.
 */
export function defaultLedgerPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env[LEDGER_ENV]) return resolve(env[LEDGER_ENV]!);
  const xdgState = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : undefined;
  const state = xdgState ?? join(homeDir(env), ".local", "state");
  return join(state, "ego-conformance", "ledger.jsonl");
}

/** HOME when absolute, else the password database's home (os.homedir() would return an empty or relative HOME as it is). */
function homeDir(env: NodeJS.ProcessEnv): string {
  if (env.HOME && isAbsolute(env.HOME)) return env.HOME;
  const home = userInfo().homedir;
  if (!isAbsolute(home)) throw new Error(`cannot place the run ledger: HOME is ${JSON.stringify(env.HOME ?? "")} and the password database gives no absolute home; set EGO_CONFORMANCE_LEDGER to an absolute path`);
  return home;
}

export type CreatedBy = "agent" | "user";

/**
 * The `via` of a space that appeared during a probe of the run without carrying its prefix (a
 * lenient build made it from a bad argument: `createTaskSpace(42)`). Found by comparing the
 * listing before and after the probe; the run closes it and never counts it as the user's.
 */
export const APPEARED_VIA = "appeared during a probe";

export type LedgerEvent =
  | { t: "run-start"; runId: string; pid: number; startTicks?: number; host: string; at: string }
  | { t: "run-end"; runId: string; pid: number; at: string }
  | { t: "name"; runId: string; name: string; pid: number; at: string }
  | { t: "space"; runId: string; id: Json; name: string; createdBy: CreatedBy; via: string; pid: number; at: string };

export interface RunRecord {
  runId: string;
  pid: number;
  /** the process's start time (clock ticks since boot), when /proc gave it */
  startTicks?: number;
  host: string;
  startedAt: string;
  endedAt?: string;
}

export interface SpaceRecord {
  runId: string;
  id: Json;
  name: string;
  createdBy: CreatedBy;
  via: string;
  at: string;
}

/** What a run writes while it makes spaces (the worker's and the CLI's side). */
export interface SpaceRecorder {
  /** before creating a space with this name */
  name(name: string): void;
  /** right after a space was created */
  space(space: { id: Json; name: string; createdBy?: CreatedBy; via: string }): void;
}

/** Whether the process a record names (its pid, and its start time when recorded) still runs. */
export type ProcessAlive = (pid: number, startTicks?: number) => boolean;

export class Ledger {
  constructor(readonly path: string = defaultLedgerPath()) {}

  private append(event: LedgerEvent): void {
    makeDirectorySync(dirname(this.path), 0o700);
    // one write(2) on an O_APPEND descriptor: lines of concurrent writers never interleave
    // (O_NONBLOCK and fstat: a FIFO or device in its place is refused, naming the path, never waited on)
    appendToRegularFile(this.path, `${JSON.stringify(event)}\n`, "run ledger");
  }

  startRun(runId: string, pid = process.pid): void {
    const startTicks = readProc(pid)?.startTicks;
    this.append({ t: "run-start", runId, pid, ...(startTicks !== undefined ? { startTicks } : {}), host: hostname(), at: new Date().toISOString() });
  }

  endRun(runId: string, pid = process.pid): void {
    this.append({ t: "run-end", runId, pid, at: new Date().toISOString() });
  }

  /** The recorder for one run (written from whichever process makes the spaces). */
  recorder(runId: string): SpaceRecorder {
    return {
      name: (name) => this.append({ t: "name", runId, name, pid: process.pid, at: new Date().toISOString() }),
      space: (s) => this.append({ t: "space", runId, id: s.id, name: s.name, createdBy: s.createdBy ?? "agent", via: s.via, pid: process.pid, at: new Date().toISOString() }),
    };
  }

  /**
   * Everything recorded so far (a missing file is an empty ledger; unreadable lines are skipped).
   * A ledger that is not a regular file (a FIFO, a directory, a symbolic link) or holds no ledger
   * line at all (someone's file) is an InputFileError naming it: it is never appended to.
   */
  read(): LedgerView {
    if (lstatSync(this.path, { throwIfNoEntry: false })?.isSymbolicLink()) {
      throw new InputFileError(`cannot use run ledger file ${this.path}: it is a symbolic link; the harness never writes through one (give the file itself)`, "NOT_REGULAR", this.path);
    }
    let text = "";
    try {
      text = readInputFileSync(this.path, { kind: "run ledger" });
    } catch (error) {
      if (!(error instanceof InputFileError && error.code === "ENOENT")) throw error;
    }
    const events: LedgerEvent[] = [];
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const e = parseJson(line, "a run ledger line") as LedgerEvent;
        if (e && typeof e === "object" && typeof e.t === "string" && typeof e.runId === "string") events.push(e);
      } catch {
        // a line torn by a crash mid-write: not a record
      }
    }
    if (events.length === 0 && text.trim() !== "") {
      throw new InputFileError(`cannot use run ledger file ${this.path}: it holds no line of a run ledger, so it is someone else's file and is not appended to`, "NOT_JSON", this.path);
    }
    return new LedgerView(events);
  }
}

export class LedgerView {
  readonly runs = new Map<string, RunRecord>();
  private readonly names = new Map<string, Set<string>>();
  private readonly spaces = new Map<string, SpaceRecord[]>();

  constructor(events: readonly LedgerEvent[]) {
    for (const e of events) {
      switch (e.t) {
        case "run-start":
          this.runs.set(e.runId, { runId: e.runId, pid: e.pid, ...(typeof e.startTicks === "number" ? { startTicks: e.startTicks } : {}), host: e.host, startedAt: e.at });
          break;
        case "run-end": {
          const run = this.runs.get(e.runId);
          if (run) run.endedAt = e.at;
          break;
        }
        case "name":
          if (!this.names.has(e.runId)) this.names.set(e.runId, new Set());
          this.names.get(e.runId)!.add(e.name);
          break;
        case "space":
          if (!this.spaces.has(e.runId)) this.spaces.set(e.runId, []);
          this.spaces.get(e.runId)!.push({ runId: e.runId, id: e.id, name: e.name, createdBy: e.createdBy, via: e.via, at: e.at });
          break;
      }
    }
  }

  /** The run's record while it is live (started, not ended, its process alive on this host); else null. */
  liveRun(runId: string, alive: ProcessAlive = recordedProcessAlive): RunRecord | null {
    const run = this.runs.get(runId);
    if (!run || run.endedAt !== undefined) return null;
    // a run on another host cannot be checked from here: it counts as live until it ends
    if (run.host !== hostname()) return run;
    return alive(run.pid, run.startTicks) ? run : null;
  }

  liveRuns(alive: ProcessAlive = recordedProcessAlive): RunRecord[] {
    return [...this.runs.keys()].map((id) => this.liveRun(id, alive)).filter((r): r is RunRecord => r !== null);
  }

  /** The spaces recorded with an id for `runId`. */
  spacesOf(runId: string): readonly SpaceRecord[] {
    return this.spaces.get(runId) ?? [];
  }

  /** The spaces that appeared during `runId`'s probes without its prefix (APPEARED_VIA). */
  appearedOf(runId: string): readonly SpaceRecord[] {
    return this.spacesOf(runId).filter((s) => s.via === APPEARED_VIA);
  }

  /** The names `runId` recorded before creating spaces. */
  namesOf(runId: string): ReadonlySet<string> {
    return this.names.get(runId) ?? new Set();
  }
}
