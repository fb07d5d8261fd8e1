/**
 * `run --watch`: one run after another in this process, so the runner's start (vitest, its worker
 * threads, the harness's modules) is paid once, not once a run. Each run is a whole run, as the
 * command without --watch makes it: its own fake, results, outputs and verdict.
 */
import type { Readable } from "node:stream";
import { errorParagraph } from "./messages.js";
import { fakeRunner, runAndPrint, type PrintedRun } from "./run-once.js";
import { WatchTriggers } from "./watch-triggers.js";
import { exitStatusFor } from "../processes/interrupts.js";
import { PROJECT_ROOT, type ClauseRunner, type RunOptions } from "../run/index.js";

/** Where clause files are (a change runs again) and where the code this process loaded is (a change stops the watch). */
const WATCHED = { clauseDirs: ["suites"], harnessDirs: ["src", "fake-bridge"] } as const;

const WATCHING = "watching: Enter runs again, a line of run flags runs with those instead, q or the end of input stops; a change under suites/ runs again";

/**
 * Runs `first`, then again on each trigger (./watch-triggers.ts) until one stops the watch; the
 * status is the last run's (Ctrl-C while waiting: 130). `parseLine` reads a typed line's flags.
 */
export async function watchRuns(first: RunOptions, parseLine: (argv: string[]) => RunOptions, input: Readable = process.stdin): Promise<number> {
  // one runner for every fake run of the watch, each with its own workers; an installed run's vitest is a child
  let runner: ClauseRunner | undefined;
  const runnerFor = (options: RunOptions): ClauseRunner | undefined => {
    if (options.installed) return undefined;
    runner ??= fakeRunner(options, { keepWorkers: true });
    return runner;
  };
  const triggers = new WatchTriggers({ input, root: PROJECT_ROOT, ...WATCHED });
  let options = first;
  try {
    let last = await runCaught(options, runnerFor(options));
    for (;;) {
      if (last.interrupted) return last.status;
      say(WATCHING);
      const trigger = await triggers.next();
      if (trigger.kind === "end") return last.status;
      if (trigger.kind === "signal") return exitStatusFor(trigger.signal);
      if (trigger.kind === "harness") {
        say(`${trigger.file} changed; this process loaded the harness once, so the watch stops here: run the command again`);
        return last.status;
      }
      if (trigger.kind === "clauses") {
        say(`${trigger.files.length} clause file${trigger.files.length === 1 ? "" : "s"} changed: running again`);
        await runner?.reload(trigger.files);
      }
      if (trigger.kind === "line" && trigger.text !== "") {
        try {
          options = parseLine(trigger.text.split(/\s+/));
        } catch (error) {
          process.stderr.write(errorParagraph("run", error, { debug: false }));
          continue;
        }
      }
      last = await runCaught(options, runnerFor(options));
    }
  } finally {
    triggers.close();
    await runner?.close();
  }
}

/** One run; what stops it from being made is said as the command would say it (exit 2), and the watch goes on. */
async function runCaught(options: RunOptions, runner: ClauseRunner | undefined): Promise<PrintedRun> {
  try {
    return await runAndPrint(options, runner, { jsonLine: true });
  } catch (error) {
    process.stderr.write(errorParagraph("run", error, { debug: false }));
    return { status: 2 };
  }
}

function say(line: string): void {
  process.stderr.write(`ego-conformance: ${line}\n`);
}
