/**
 * What makes `run --watch` run again or stop, as one queue: a line on its input, a change to a
 * clause file, a change to the harness itself, the end of its input, Ctrl-C while it waits.
 */
import { watch, type FSWatcher } from "node:fs";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { INTERRUPT_SIGNALS } from "../processes/interrupts.js";

export type WatchTrigger =
  /** a line typed: empty runs again as before, else run flags to run with instead */
  | { kind: "line"; text: string }
  /** clause files changed (absolute paths): run again with them reloaded */
  | { kind: "clauses"; files: string[] }
  /** a file this process itself has loaded changed: the watch cannot reload it (a path relative to the project) */
  | { kind: "harness"; file: string }
  /** `q`, or the end of the input */
  | { kind: "end" }
  /** Ctrl-C or SIGTERM (during a run, the run's own interrupt trap also stops that run) */
  | { kind: "signal"; signal: NodeJS.Signals };

export interface WatchTriggerOptions {
  input: Readable;
  /** the project whose folders are watched */
  root: string;
  /** folders (relative to root) of clause files: a change there runs again */
  clauseDirs: readonly string[];
  /** folders (relative to root) of code this process loaded: a change there stops the watch */
  harnessDirs: readonly string[];
  /** how long after a change more changes are waited for, so one save is one run */
  settleMs?: number;
}

/** Source files: an editor's swap and backup files are not changes to the harness. */
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs|json)$/;

export class WatchTriggers {
  readonly #queue: WatchTrigger[] = [];
  #waiting: ((trigger: WatchTrigger) => void) | undefined;
  readonly #watchers: FSWatcher[] = [];
  readonly #changed = new Set<string>();
  #settle: NodeJS.Timeout | undefined;
  readonly #onSignal = (signal: NodeJS.Signals) => this.#push({ kind: "signal", signal });
  readonly #lines;
  readonly #options: WatchTriggerOptions;

  constructor(options: WatchTriggerOptions) {
    this.#options = options;
    this.#lines = createInterface({ input: options.input, terminal: false });
    this.#lines.on("line", (line) => {
      const text = line.trim();
      this.#push(text === "q" ? { kind: "end" } : { kind: "line", text });
    });
    this.#lines.on("close", () => this.#push({ kind: "end" }));
    for (const [dirs, kind] of [
      [options.clauseDirs, "clauses"],
      [options.harnessDirs, "harness"],
    ] as const) {
      for (const dir of dirs) this.#watchDir(join(options.root, dir), kind);
    }
    for (const signal of INTERRUPT_SIGNALS) process.on(signal, this.#onSignal);
  }

  /** The next trigger; what came while a run went is given at once, oldest first. */
  next(): Promise<WatchTrigger> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  close(): void {
    clearTimeout(this.#settle);
    for (const watcher of this.#watchers) watcher.close();
    for (const signal of INTERRUPT_SIGNALS) process.off(signal, this.#onSignal);
    this.#lines.close();
  }

  #watchDir(dir: string, kind: "clauses" | "harness"): void {
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { recursive: true });
    } catch {
      // a folder this build does not have (a packed build has no sources to change)
      return;
    }
    watcher.on("change", (_event, name) => {
      if (typeof name !== "string" || !SOURCE_FILE.test(name)) return;
      const file = join(dir, name);
      if (kind === "harness") this.#push({ kind: "harness", file: relative(this.#options.root, file) });
      else this.#clauseChanged(file);
    });
    // a folder removed while watched: its later changes are not seen, which the next start fixes
    watcher.on("error", () => watcher.close());
    this.#watchers.push(watcher);
  }

  #clauseChanged(file: string): void {
    this.#changed.add(file);
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => {
      const files = [...this.#changed];
      this.#changed.clear();
      this.#push({ kind: "clauses", files });
    }, this.#options.settleMs ?? 150);
  }

  #push(trigger: WatchTrigger): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) waiting(trigger);
    else this.#queue.push(trigger);
  }
}
