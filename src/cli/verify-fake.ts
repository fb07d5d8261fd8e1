/**
 * `ego-conformance verify-fake RECORDING`: replays the recording's clauses on the fake configured
 * as the recorded build (its persona, else its version), records the replay, and compares the two
 * call by call (src/recording/compare.ts). Exit 1 when a judged difference remains: a defect of
 * the fake (or of the persona it played), named as such; 0 when only what is not judged differs.
 */
import { join, resolve } from "node:path";
import { PERSONA_NAMES } from "../contract/personas.js";
import { compareTranscripts, type Comparison } from "../recording/compare.js";
import { renderDifferences } from "../recording/render.js";
import { readTranscript, type Transcript } from "../recording/transcript.js";
import { defaultRunOptions, runConformance, type RunOptions } from "../run/index.js";
import { tryParseEgoVersion } from "../version/index.js";
import { parseFlags } from "./parse-flags.js";
import { parsePagesFlag } from "./pages-flag.js";
import { VERIFY_FAKE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { printable } from "../text/printable.js";
import { makeTempDir, removeTempDir } from "../scratch/scratch-dir.js";
import { exitStatusFor, trapInterrupts } from "../safety/interrupts.js";

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
  const outcome = await runConformance({
    ...defaultRunOptions(),
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

export function verifyJson(recording: Transcript, comparison: Comparison): object {
  return { defect: defectOf(recording), judged: comparison.differences.filter((d) => d.judged).length, compared: comparison.compared, skipped: comparison.skipped, differences: comparison.differences };
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
  const pages = parsePagesFlag(values.pages);
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
  if (values.json) process.stdout.write(`${JSON.stringify(verifyJson(recording, comparison), null, 2)}\n`);
  else {
    const as = recording.target.persona ? `persona ${recording.target.persona}` : `Ego Lite ${recording.target.egoVersion ?? "(version unknown)"}`;
    process.stdout.write(`${printable(`verify-fake: ${comparison.compared} clauses replayed on the fake as ${as}${comparison.skipped.length ? `, ${comparison.skipped.length} left out (${comparison.skipped.join(", ")})` : ""}`)}\n`);
    if (comparison.differences.length) process.stdout.write(`${renderDifferences(comparison.differences, ["build", "fake"])}\n(* judged)\n`);
    process.stdout.write(judged.length ? `${judged.length} judged difference${judged.length === 1 ? "" : "s"}: a defect of ${defectOf(recording)}\n` : `the fake matches the recording${comparison.differences.length ? " (only what is not judged differs)" : ""}\n`);
  }
  return judged.length ? 1 : 0;
}
