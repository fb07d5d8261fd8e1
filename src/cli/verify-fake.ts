/**
 * `ego-conformance verify-fake RECORDING`: replay the recording's clauses on the fake configured as
 * the recorded build and compare the two call by call; a judged difference is a defect of the fake
 * (exit 1). It is not a run: the replay's outputs stay in its own directory (docs/verified-fake.md).
 */
import { join, resolve } from "node:path";
import { PERSONA_NAMES } from "../contract/personas.js";
import { compareTranscripts, type Comparison } from "../recording/compare.js";
import { renderDifferences, shownDifferences } from "../recording/render.js";
import { readTranscript, type Transcript } from "../recording/transcript.js";
import type { PagesChoice } from "../contract/pages-choice.js";
import { defaultRunOptions, runConformance, type RunOptions } from "../run/index.js";
import { tryParseEgoVersion } from "../version/index.js";
import { parseFlags } from "./parse-flags.js";
import { VERIFY_FAKE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { printable } from "../text/printable.js";
import { makeTempDir, removeTempDir } from "../scratch/scratch-dir.js";
import { exitStatusFor, trapInterrupts } from "../processes/interrupts.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Who answers for a difference: the persona the fake played, else the fake itself. */
export function defectOf(recording: Transcript): string {
  return recording.target.persona ? `persona ${recording.target.persona}` : "the fake";
}

/** The fake as the recorded build: its persona when the fake played one, else its version. */
function asRecorded(recording: Transcript): Pick<RunOptions, "persona" | "egoVersion"> {
  const { persona, egoVersion } = recording.target;
  if (persona && PERSONA_NAMES.includes(persona)) return { persona };
  if (persona) throw new UsageError(`the recording is of persona '${persona}', which this fake does not know (personas: ${PERSONA_NAMES.join(", ")})`);
  return egoVersion && tryParseEgoVersion(egoVersion) ? { egoVersion } : {};
}

/** Selects the clauses `ids` (`id: title`) and every test of theirs (`id [variant]: title`), nothing else. */
export function replayGrep(ids: readonly string[]): RegExp {
  return new RegExp(`^(?:${ids.map(escapeRegExp).join("|")})(?: \\[[^\\]]*\\])?: `);
}

/** The replay's transcript, or the signal that stopped the replay (then there is none to read). */
export async function replayOnFake(recording: Transcript, options: { resultsDir: string; pages?: RunOptions["pages"] }): Promise<Transcript | { interrupted: NodeJS.Signals }> {
  const ids = recording.clauses.map((c) => c.id);
  const record = join(options.resultsDir, "ego-conformance-transcript.json");
  // the replay's outcomes are no run's of the user's: none written (reports/outcomes.json is what gate judges)
  const { outcomesFile: _notWritten, ...defaults } = defaultRunOptions();
  const outcome = await runConformance({
    ...defaults,
    ...asRecorded(recording),
    ...(options.pages ? { pages: options.pages } : {}),
    grep: replayGrep(ids),
    json: true,
    resultsDir: options.resultsDir,
    report: false,
    record,
    progressTarget: "verify-fake",
  } satisfies RunOptions);
  if (outcome.interrupted) return { interrupted: outcome.interrupted };
  return readTranscript(record);
}

export function verifyJson(recording: Transcript, comparison: Comparison, pages?: PagesChoice): object {
  return { defect: defectOf(recording), judged: comparison.differences.filter((d) => d.judged).length, compared: comparison.compared, skipped: comparison.skipped, ...(pages ? { pages } : {}), differences: comparison.differences };
}

const PAGES_TEXT: Record<PagesChoice, string> = { chromium: "real pages", model: "the page model" };

/** A path as a shell word: quoted when it holds anything but plain characters. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/**
 * The pages the replay runs on: the recording's, unless `--pages` says otherwise; told the other
 * kind, a usage error naming the command that replays as recorded. A transcript that does not say
 * (written before it was recorded) is replayed on `--pages`, else the run's default.
 */
export function replayPages(recording: Transcript, flag: PagesChoice | undefined, file: string): PagesChoice | undefined {
  const recorded = recording.target.pages;
  if (flag !== undefined && recorded !== null && flag !== recorded) {
    throw new UsageError(
      `the recording was made on ${PAGES_TEXT[recorded]}; replayed on ${PAGES_TEXT[flag]}, what only the pages decide (which clauses run, how many attempts a poll makes) would differ and be blamed on the fake. Replay it as it was made:\n  ego-conformance verify-fake ${shellWord(file)} --pages ${recorded}`,
    );
  }
  return flag ?? recorded ?? undefined;
}


export async function verifyFakeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, VERIFY_FAKE_FLAGS, true);
  if (positionals.length !== 1) throw new UsageError("verify-fake needs one RECORDING (a transcript written by run --record)");
  // Ctrl-C and SIGTERM are this command's from here to its end: the replay's run stops its suites
  // and says so; the command then removes its folder and says once that it was interrupted
  // (without the trap a signal outside the run's own would end the process with the folder left)
  const trap = trapInterrupts(() => undefined);
  try {
    return await verifyFake(values, positionals[0]!, () => trap.signal);
  } finally {
    trap.dispose();
  }
}

async function verifyFake(values: ReturnType<typeof parseFlags<typeof VERIFY_FAKE_FLAGS>>["values"], file: string, interrupted: () => NodeJS.Signals | null): Promise<number> {
  const recording = await readTranscript(resolve(file));
  const pages = replayPages(recording, values.pages, file);
  // its own folder names its owner, so `sweep` removes it if this process is killed (src/scratch)
  const own = values.results === undefined ? await makeTempDir("ego-conformance-verify-", process.env, { marked: true }) : undefined;
  const resultsDir = own ? join(own, "results") : resolve(values.results!);
  let comparison: Comparison;
  try {
    const replay = interrupted() === null ? await replayOnFake(recording, { resultsDir, ...(pages ? { pages } : {}) }) : { interrupted: interrupted()! };
    const signal = "interrupted" in replay ? replay.interrupted : interrupted();
    if (signal !== null) {
      process.stderr.write(`ego-conformance verify-fake: interrupted (${signal}): the replay was stopped, nothing was compared\n`);
      return exitStatusFor(signal);
    }
    comparison = compareTranscripts(recording, replay as Transcript, { onlyBoth: true });
  } finally {
    if (own) await removeTempDir(own);
  }
  const judged = comparison.differences.filter((d) => d.judged);
  if (values.json) process.stdout.write(`${JSON.stringify(verifyJson(recording, comparison, pages), null, 2)}\n`);
  else {
    const as = recording.target.persona ? `persona ${recording.target.persona}` : `Ego Lite ${recording.target.egoVersion ?? "(version unknown)"}`;
    const on = pages ? ` on ${PAGES_TEXT[pages]}${recording.target.pages === pages ? ", as recorded" : ""}` : "";
    process.stdout.write(`${printable(`verify-fake: ${comparison.compared} clauses replayed on the fake as ${as}${on}${comparison.skipped.length ? `, ${comparison.skipped.length} left out (${comparison.skipped.join(", ")})` : ""}`)}\n`);
    const shown = shownDifferences(comparison.differences, values.judged === true);
    if (shown.length) process.stdout.write(`${renderDifferences(shown, ["build", "fake"])}\n(* judged${values.judged ? `; ${comparison.differences.length - shown.length} not judged left out` : ""})\n`);
    process.stdout.write(judged.length ? `${judged.length} judged difference${judged.length === 1 ? "" : "s"}: a defect of ${defectOf(recording)}\n` : `the fake matches the recording${comparison.differences.length ? " (only what is not judged differs)" : ""}\n`);
  }
  return judged.length ? 1 : 0;
}
