/**
 * The option tables: one per command, the one place a flag is defined, which the parsers, `help`
 * and docs/cli.md all read. An entry is parseArgs's option config plus `value` (the placeholder
 * shown after the flag) and `help` (what it means, one paragraph).
 */
import { PAGES_CHOICES } from "../contract/pages-choice.js";
import { APP_OPTION_SPEC, CLOSE_DELAY_MS_RANGE } from "../targets/fake/fake-app.js";
import { DEFAULT_OUTCOMES_FILE, DEFAULT_REPORT_DIR, DEFAULT_RESULTS_DIR } from "../run/options.js";
import { MODEL_FILES_PER_WORKER } from "../run/vitest-phases.js";

export interface FlagSpec {
  type: "string" | "boolean";
  /** repeatable: the value is the list of every occurrence */
  multiple?: boolean;
  short?: string;
  default?: string | boolean | readonly string[];
  /** the value's placeholder in help ("DIR", "fake|installed"); none for a boolean */
  value?: string;
  /** what the flag means, one paragraph (help wraps it) */
  help: string;
  /** the section of the command's help the flag is listed in (default: the command's first section) */
  section?: string;
  /**
   * A numeric flag's range: its value must be a whole number in decimal digits from min to max
   * (./parse-flags.ts refuses anything else, exit 2); help and docs/cli.md state it.
   */
  range?: NumberRange;
  /** the values a string flag takes: ./parse-flags.ts refuses any other (exit 2); help shows them as its placeholder */
  choices?: readonly string[];
}

/** The whole numbers a numeric flag accepts, both ends included. */
export interface NumberRange {
  min: number;
  max: number;
}

/** The longest delay Node's timers take (2^31 - 1 ms); a longer one fires after 1 ms (TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export type FlagTable = Record<string, FlagSpec>;

/** A flag whose value is a file's path: a string, shown as FILE. */
const fileFlag = <More extends Omit<FlagSpec, "type" | "value">>(more: More) => ({ type: "string" as const, value: "FILE" as const, ...more });

/** A flag whose value is one of `choices`, shown as `a|b`. */
const choiceFlag = <const C extends readonly string[], More extends Omit<FlagSpec, "type" | "value" | "choices">>(choices: C, more: More) => ({ type: "string" as const, value: choices.join("|"), choices, ...more });

export interface Section {
  /** key a flag names in its `section` */
  key: string;
  /** the section's heading in help ("run options for --target installed (...)") */
  title: string;
  /** paragraphs printed after the section's flags */
  notes?: string[];
}

export interface CommandSpec {
  /** the command as typed: "run", "fake start" */
  name: string;
  /** what follows the name in the usage line ("[options]", "DIR [options]") */
  synopsis: string;
  /** one line: what the command does */
  summary: string;
  flags: FlagTable;
  /** the command's help sections; a command with flags has at least one */
  sections: Section[];
}

const JSON_FLAG = { type: "boolean", default: false } as const;

/** Shared by run, detect and sweep: the same flag with the same meaning. */
const EGO_BROWSER = {
  type: "string",
  value: "PATH",
  help: 'the ego-browser CLI (default: EGO_BROWSER_BIN, then PATH, then the app bundle "ego lite.app" in /Applications or ~/Applications)',
} as const;
const PROBE_TIMEOUT = {
  type: "string",
  value: "MS",
  help: "bound on starting an ego-browser process and on one probe (default 30000)",
  // a bound is a timer: at 2^31 ms or more Node would fire it after 1 ms
  range: { min: 1, max: MAX_TIMER_MS },
} as const;
const EGO_VERSION_INSTALLED =
  "the version of the installed build when neither getBrowserVersion nor the app's Info.plist tells";

export const RUN_FLAGS = {
  target: { type: "string", default: "fake", value: "fake|installed", help: "the target (default: fake, the embedded fake bridge)" },
  area: { type: "string", multiple: true, default: [], value: "AREA", help: "only the clauses of this area (repeatable)" },
  grep: { type: "string", value: "PATTERN", help: "only clauses whose id or title matches this regular expression" },
  json: { ...JSON_FLAG, help: "print one machine-readable summary object on stdout" },
  results: {
    type: "string",
    default: DEFAULT_RESULTS_DIR,
    value: "DIR",
    help: "where Allure results go (default: reports/allure-results); emptied first, so it must be missing, empty or made by the harness (it holds .ego-conformance-results); anything else is refused, exit 2",
  },
  report: {
    type: "string",
    default: DEFAULT_REPORT_DIR,
    value: "DIR",
    help: "where the HTML report goes (default: reports/allure-report); the same rule (.ego-conformance-report); replaced only when the new one is complete",
  },
  "no-report": { type: "boolean", default: false, help: "skip the HTML report (results and summary only)" },
  watch: {
    type: "boolean",
    default: false,
    help: "run, then run again in this same process, whose start (vitest, its workers, the harness) is paid once: Enter runs again, a line of run flags (space-separated, no quoting) runs with those instead, q or the end of input stops; a change to a clause file under suites/ runs again with it reloaded, a change under src/ or fake-bridge/ stops the watch (the process loaded them once); each run is whole, with its own outputs and verdict; with --json, one line per run; the status is the last run's",
  },
  mutant: { type: "string", multiple: true, default: [], value: "NAME", help: "run against a deliberately broken fake (harness self-tests; repeatable)" },
  "infra-faults": fileFlag({ help: 'infrastructure faults for the fake, from a seeded plan (JSON: seed and faults, see docs/results.md "Mutants, infrastructure faults and retries"); a clause is retried only after an infrastructure error, and a pass after a retry is flaky' }),
  "fail-on-flaky": { type: "boolean", default: false, help: "exit 1 when any result is flaky (for CI)" },
  persona: { type: "string", value: "NAME", help: "the fake emulates this persona (an older or differently launched build; see ego-conformance personas)" },
  "persona-file": fileFlag({ help: "the fake plays the build a persona file describes (its version, features and open details; written by persona derive from a recording, docs/verified-fake.md); excludes --persona and --ego-version" }),
  pages: choiceFlag(PAGES_CHOICES, {
    help: "the fake's pages: real ones from Chromium (default wherever a browser is found: CHROMIUM_PATH, /usr/bin/chromium-headless-shell, /usr/bin/chromium, Playwright's browsers) or the page model (fast; clauses that need pages are not applicable); --pages chromium, or a CHROMIUM_PATH, with no browser found there exits 2 and prints the install command",
  }),
  "ego-version": {
    type: "string",
    value: "V",
    help: `the fake emulates Ego Lite V (features from the build-feature table); with --target installed: ${EGO_VERSION_INSTALLED.replace("the version of the installed build", "the version")}`,
  },
  ungated: { type: "boolean", default: false, help: "run every clause regardless of build features and versions" },
  expectations: fileFlag({ help: "known failures to apply (default: fixtures/expectations/expectations.json when it exists); a matching failure counts as known, an expected failure that passes fails the run" }),
  "no-expectations": { type: "boolean", default: false, help: "apply none" },
  "update-expectations": { type: "boolean", default: false, help: "print the entries to add and to remove" },
  write: {
    type: "boolean",
    default: false,
    help: 'with --update-expectations: write them (additions as owner "unassigned", bug "TODO", 30-day expiry: lint fails on them until a human completes them)',
  },
  outcomes: fileFlag({ default: DEFAULT_OUTCOMES_FILE, help: `the run's per-clause outcomes for gate and baseline (default: ${DEFAULT_OUTCOMES_FILE})` }),
  record: fileFlag({ help: "write the run's transcript to FILE: each clause's verdict and every native call its probes made (method, arguments, channel, the value's shape, its documented fields), normalised and with nothing of a space the run did not create (docs/verified-fake.md); a run with --target installed writes one into its results directory by default" }),
  "no-record": { type: "boolean", default: false, help: "write no transcript (not even the installed run's default one)" },
  "no-slow": { type: "boolean", default: false, help: "skip the clauses tagged slow (they end not applicable, with the reason); without it they run, beside the rest" },
  "ego-browser": { ...EGO_BROWSER, section: "installed" },
  operator: {
    type: "string",
    value: "ENDPOINT",
    section: "installed",
    help: "an operator endpoint (the fake app's operator.sock): clauses that need a person at the browser run; without it they are skipped",
  },
  "probe-timeout": { ...PROBE_TIMEOUT, section: "installed" },
  "keep-on-failure": { type: "boolean", default: false, section: "installed", help: "keep this run's task spaces when the run failed (sweep removes them)" },
  workers: {
    type: "string",
    value: "N",
    range: { min: 1, max: 64 },
    help: `how many clause files run at once: on the fake, each with a fake of its own (default one per core, at least 2; with --pages model one per ${MODEL_FILES_PER_WORKER} clause files of the selection, so an area or two runs in one; runs side by side, as the self-tests make them, spend less CPU with 1 each); against an installed host (default 3), where --workers 1 runs one clause file at a time on a fragile host and [Serial] files always run alone, after the rest`,
  },
} as const satisfies FlagTable;

export const CLAUSES_FLAGS = {
  json: { ...JSON_FLAG, help: "print the full catalogue as JSON (with --where: each clause's id and sites)" },
  where: { type: "boolean", default: false, help: "the file and line that implements each clause" },
} as const satisfies FlagTable;

export const DETECT_FLAGS = {
  "ego-browser": EGO_BROWSER,
  "ego-version": { type: "string", value: "V", help: EGO_VERSION_INSTALLED },
  "probe-timeout": PROBE_TIMEOUT,
  json: { ...JSON_FLAG, help: "print the detection as one JSON object" },
} as const satisfies FlagTable;

export const SWEEP_FLAGS = {
  "ego-browser": EGO_BROWSER,
  "probe-timeout": PROBE_TIMEOUT,
  yes: {
    type: "boolean",
    default: false,
    help: "close the spaces the run ledger records for runs that are over, one per probe (claiming or taking over first); without it, only list them",
  },
  "force-unrecorded": {
    type: "boolean",
    default: false,
    help: 'with --yes, also close agent-created spaces named like ours that the ledger does not know ("looks like ours, not recorded")',
  },
  json: { ...JSON_FLAG, help: "print the spaces (each with its status and result) as JSON" },
} as const satisfies FlagTable;

const FAKE_DIR = {
  type: "string",
  value: "D",
  help: "the fake app's directory, where its sockets are (default $XDG_RUNTIME_DIR/ego-conformance or <tmpdir>/ego-conformance-<uid>)",
} as const;

/** `fake start` takes the fake app server's own options (fake-bridge/server/options.ts), explained. */
export const FAKE_START_FLAGS = {
  dir: { ...APP_OPTION_SPEC.dir, value: FAKE_DIR.value, help: FAKE_DIR.help },
  persona: { ...APP_OPTION_SPEC.persona, value: "P", help: "the fake emulates this persona (see ego-conformance personas); excludes --ego-version" },
  "persona-file": { ...APP_OPTION_SPEC["persona-file"], value: "FILE", help: "the fake plays the build a persona file describes (persona derive); excludes --persona and --ego-version" },
  "ego-version": { ...APP_OPTION_SPEC["ego-version"], value: "V", help: "the fake emulates Ego Lite V (features from the build-feature table)" },
  mutant: { ...APP_OPTION_SPEC.mutant, value: "F", help: "a deliberately broken fake (harness self-tests; repeatable)" },
  "close-delay-ms": { ...APP_OPTION_SPEC["close-delay-ms"], value: "N", range: CLOSE_DELAY_MS_RANGE, help: "how long a closed task space stays listed until the close settles, in milliseconds (closeTaskSpace is eventually consistent)" },
  "infra-faults": { ...APP_OPTION_SPEC["infra-faults"], value: "FILE", help: "infrastructure faults from a seeded plan, as run --infra-faults" },
  pages: { ...APP_OPTION_SPEC.pages, ...RUN_FLAGS.pages, help: "the fake's pages, as for run" },
  json: { ...JSON_FLAG, help: "print the status as JSON" },
} as const satisfies FlagTable;

export const FAKE_STOP_FLAGS = {
  dir: FAKE_DIR,
  json: { ...JSON_FLAG, help: "print the result as JSON" },
} as const satisfies FlagTable;

export const FAKE_STATUS_FLAGS = {
  dir: FAKE_DIR,
  json: { ...JSON_FLAG, help: "print the status as JSON" },
} as const satisfies FlagTable;

export const FAKE_INSTALL_FLAGS = {
  dir: { ...FAKE_DIR, help: "the fake app the launcher talks to (default as for fake start)" },
  "exit-quirk": { type: "boolean", default: false, help: "a failing script makes the launcher print \"ego's nodejs process exited with code N\" and exit 0" },
  "reject-sdk-path": { type: "boolean", default: false, help: "the launcher refuses --sdk-path (\"error: unknown option '--sdk-path'\"), like builds that predate it" },
  hang: { type: "boolean", default: false, help: "the launcher never answers" },
  "app-bundle": { type: "string", value: "xml|binary", help: "also write DIR/ego lite.app (its Info.plist in this format) with DIR/ego-browser a symlink into it" },
  "bundle-version": { type: "string", value: "V", help: "the version the app bundle's Info.plist states" },
  force: {
    type: "boolean",
    default: false,
    help: "replace an existing DIR/ego-browser or DIR/ego lite.app that fake install did not write (refused, exit 2, without it)",
  },
  json: { ...JSON_FLAG, help: "print what was installed as JSON" },
} as const satisfies FlagTable;

/** The baseline the release gate judges against: gate, matrix and report --merge take the same pair. */
const BASELINE_FLAGS = {
  baseline: { type: "string", value: "FILE|VERSION", help: "the baseline: a file, or a version key stored by baseline save (default: none, the run is judged against the contract itself)" },
  dir: { type: "string", value: "DIR", help: "where --baseline's key is looked up, as baseline save --dir stored it (default: fixtures/baselines)" },
} as const satisfies FlagTable;

/** compat's verdicts: each target gated as `gate --baseline` would gate it (read before any target runs). */
const COMPAT_BASELINE_FLAGS = {
  baseline: {
    ...BASELINE_FLAGS.baseline,
    help: "gate every target against this baseline in compat.json and compat.html, as gate --baseline does: a file, or a version key stored by baseline save (default: none, each target is judged against the contract itself); one that cannot be found or read exits 2 before anything runs",
  },
  dir: BASELINE_FLAGS.dir,
} as const satisfies FlagTable;

export const MATRIX_FLAGS = {
  personas: { type: "string", multiple: true, value: "all|NAME,...", help: "fake personas (see ego-conformance personas)" },
  versions: { type: "string", multiple: true, default: [], value: "V,...", help: "the fake emulating each Ego Lite version" },
  "persona-file": fileFlag({ multiple: true, default: [], help: "the fake playing a persona file (persona derive: a recorded build) as one more target (repeatable)" }),
  installed: { type: "string", multiple: true, default: [], value: "PATH", help: "an installed ego-browser CLI (repeatable)" },
  mutant: { type: "string", multiple: true, default: [], value: "NAME", help: "a deliberately broken fake as one more target (harness self-tests; repeatable)" },
  area: { type: "string", multiple: true, default: [], value: "AREA", help: "only the clauses of this area, as for run (repeatable)" },
  grep: { type: "string", value: "RE", help: "only clauses whose id or title matches, as for run" },
  pages: { ...RUN_FLAGS.pages, help: "the fake targets' pages, as for run" },
  "no-slow": { type: "boolean", default: false, help: "skip the clauses tagged slow in every target, as for run (on an installed build they wait minutes of real time)" },
  ungated: { type: "boolean", default: false, help: "every target runs every clause regardless of build features and versions, as for run" },
  "no-expectations": { type: "boolean", default: false, help: "every target applies no expectations file, as for run" },
  shard: {
    type: "string",
    value: "i/n",
    help: "run only the i-th of n slices of the targets and write its bundle (DIR/matrix-shard-i-of-n) for report --merge",
  },
  out: { type: "string", default: "reports", value: "DIR", help: "where compat.json, compat.html and compat-allure/ go (default: reports)" },
  ...COMPAT_BASELINE_FLAGS,
  "no-allure": { type: "boolean", default: false, help: "skip the Allure report" },
  json: { ...JSON_FLAG, help: "print a machine-readable summary on stdout" },
} as const satisfies FlagTable;

export const REPORT_FLAGS = {
  merge: { type: "string", multiple: true, default: [], value: "DIR...", help: "matrix bundles: a bundle directory, or one with bundles below it" },
  out: { ...MATRIX_FLAGS.out, help: "as for matrix" },
  baseline: { ...MATRIX_FLAGS.baseline, help: "as for matrix" },
  dir: { ...MATRIX_FLAGS.dir, help: "as for matrix" },
  "no-allure": { ...MATRIX_FLAGS["no-allure"], help: "as for matrix" },
  json: { ...JSON_FLAG, help: "as for matrix" },
} as const satisfies FlagTable;

export const PERSONAS_FLAGS = {
  json: { ...JSON_FLAG, help: "print the personas and version mappings as JSON" },
} as const satisfies FlagTable;

export const EXPECTATIONS_LINT_FLAGS = {
  today: { type: "string", value: "YYYY-MM-DD", help: "check expiry against this date (default: today, UTC)" },
  json: { ...JSON_FLAG, help: "print the problems as JSON" },
} as const satisfies FlagTable;

const RUN_SOURCE = {
  results: { type: "string", value: "DIR", help: "the run's Allure results directory; excludes --outcomes" },
  outcomes: fileFlag({ help: `the run's outcomes file (default: ${DEFAULT_OUTCOMES_FILE})` }),
} as const satisfies FlagTable;

export const GATE_FLAGS = {
  ...BASELINE_FLAGS,
  ...RUN_SOURCE,
  "min-clauses": { type: "string", value: "N", range: { min: 0, max: Number.MAX_SAFE_INTEGER }, help: "do not ship unless at least N clauses ran (0 and 1 both mean one)" },
  json: { ...JSON_FLAG, help: "print the decision as JSON" },
} as const satisfies FlagTable;

export const BASELINE_SAVE_FLAGS = {
  ...RUN_SOURCE,
  dir: { type: "string", value: "DIR", help: "where baselines are stored (default: fixtures/baselines)" },
  json: { ...JSON_FLAG, help: "print what was stored as JSON" },
} as const satisfies FlagTable;

export const VERIFY_FAKE_FLAGS = {
  pages: { ...RUN_FLAGS.pages, help: "the replaying fake's pages (default: the kind the recording was made on; the other kind is refused, exit 2)" },
  results: { type: "string", value: "DIR", help: "where the replay's Allure results and transcript go (default: a temporary directory, removed after); the replay writes no outcomes" },
  judged: { type: "boolean", default: false, help: "show only the judged rows (the table always lists them first)" },
  json: { ...JSON_FLAG, help: "print the differences as JSON" },
} as const satisfies FlagTable;

export const PERSONA_DERIVE_FLAGS = {
  name: { type: "string", value: "NAME", help: "the persona's name (required): lower-case letters, digits, dots and dashes" },
  out: fileFlag({ help: "where the persona file goes (default: NAME.persona.json)" }),
  json: { ...JSON_FLAG, help: "print the persona as JSON instead of a summary" },
} as const satisfies FlagTable;

export const DIFF_FLAGS = {
  judged: { type: "boolean", default: false, help: "show only the judged rows (the table always lists them first)" },
  json: { ...JSON_FLAG, help: "print the differences as JSON" },
} as const satisfies FlagTable;

/** `help [COMMAND]` takes no flags. */
export const HELP_FLAGS = {} satisfies FlagTable;

const options = (command: string, notes?: string[]): Section => ({ key: "main", title: `${command} options:`, ...(notes ? { notes } : {}) });

/** A command whose help has the one section "<name> options:" (with `notes` after its flags). */
const command = (name: string, synopsis: string, summary: string, flags: FlagTable, notes?: string[]): CommandSpec => ({
  name,
  synopsis,
  summary,
  flags,
  sections: [options(name, notes)],
});

/** Every command, in the order help lists them. */
export const COMMAND_SPECS: readonly CommandSpec[] = [
  {
    name: "run",
    synopsis: "[options]",
    summary: "run the contract suites against a target and report",
    flags: RUN_FLAGS,
    sections: [
      options("run"),
      {
        key: "installed",
        title: "run options for --target installed (detection runs first; see detect):",
        notes: [
          "Every task space the run makes is named 'ego-conformance <run-id> ...'; the spaces that are not the run's are listed before and after and must be unchanged (clause safety.user-spaces.unchanged). Ctrl-C stops the suites and closes the run's spaces; exit 130.",
        ],
      },
    ],
  },
  command("clauses", "[--json] [--where]", "list the clause catalogue (id, area, method, severity, flags); --where: the file and line that implements each clause", CLAUSES_FLAGS),
  {
    name: "matrix",
    synopsis: "[options]",
    summary: "run several targets; write compat.json, compat.html and one Allure report with an environment per target",
    flags: MATRIX_FLAGS,
    sections: [{ key: "main", title: "matrix options (with no target flag: every persona):" }],
  },
  command("report", "--merge DIR... [--out DIR] [--baseline FILE|VERSION [--dir DIR]]", "merge the bundles of a sharded matrix into one matrix and report", REPORT_FLAGS),
  command("personas", "[--json]", "the builds the fake can emulate: version, features off/on, source", PERSONAS_FLAGS),
  command(
    "expectations lint",
    "[FILE] [--today YYYY-MM-DD] [--json]",
    "check the known-failures file: expired, orphaned, overlapping, invalid entries (default fixtures/expectations/expectations.json)",
    EXPECTATIONS_LINT_FLAGS,
  ),
  command(
    "gate",
    "[--baseline FILE|VERSION [--dir DIR]] [--results DIR | --outcomes FILE] [--min-clauses N] [--json]",
    "may this build ship? compare a run with a baseline clause by clause, or without one judge it against the contract itself",
    GATE_FLAGS,
    [
      "Without --baseline (a first release): ship only when every catalogue clause ran and none failed, broke, failed a precondition or went without a result, and no clause is not applicable for a feature the build's version has. A clause not applicable for this harness's lack (no operator, no real pages, no launcher, --no-slow) is listed as not judged here, with the command that judges it, and never blocks.",
      "Exit status: 0 ship, 1 do not ship (a table says why), 2 cannot decide.",
    ],
  ),
  command(
    "baseline save",
    "[--results DIR | --outcomes FILE] [--dir DIR] [--json]",
    "store a run's outcomes as fixtures/baselines/<version>.json (installed) or <version>-<persona|fake>.json (the fake)",
    BASELINE_SAVE_FLAGS,
  ),
  command(
    "verify-fake",
    `RECORDING [--pages ${RUN_FLAGS.pages.value}] [--results DIR] [--judged] [--json]`,
    "replay a recording's clauses on the fake configured as the recorded build (its persona or version) and compare call by call",
    VERIFY_FAKE_FLAGS,
    ["Exit status: 0 when only what is not judged differs (free text, undocumented keys, arguments, open details); 1 when a verdict, a call, a channel, an error code or a documented field differs (a defect of the fake, or of the persona); 2 when the recording cannot be read, or --pages names the other kind of pages than the recording was made on. See docs/verified-fake.md."],
  ),
  command("persona derive", "RECORDING --name NAME [--out FILE] [--json]", "write a persona file from a recording: its version, the features its verdicts show, the open details it chose; run --persona-file plays it", PERSONA_DERIVE_FLAGS),
  command("diff", "RECORDING_A RECORDING_B [--judged] [--json]", "what changed between two recordings, call by call, the unspecified details included", DIFF_FLAGS, [
    "Exit status: 0 when nothing judged differs, 1 when something does, 2 when a recording cannot be read.",
  ]),
  command("detect", "[options]", "find the installed ego-browser, its Ego Lite version and bridge methods", DETECT_FLAGS, [
    "Exit status: 0 the build was asked; 1 its bridge could not be asked; 2 no CLI found.",
  ]),
  command("sweep", "[options]", "list (and with --yes close) task spaces left by earlier runs", SWEEP_FLAGS, [
    "Only names 'ego-conformance <run-id> ...' are considered; a space created by the user, or recorded by a run that is still live, is never closed. The ledger is $EGO_CONFORMANCE_LEDGER, else $XDG_STATE_HOME/ego-conformance/ledger.jsonl, else ~/.local/state/ego-conformance/ledger.jsonl.",
  ]),
  command(
    "fake start",
    "[--dir D] [--persona P | --ego-version V] [--mutant F]... [--close-delay-ms N] [--json]",
    "start the fake Ego Lite app detached (its sockets in D)",
    FAKE_START_FLAGS,
  ),
  command("fake stop", "[--dir D] [--json]", "stop the fake app: SIGTERM, then SIGKILL after 3 s", FAKE_STOP_FLAGS),
  command("fake status", "[--dir D] [--json]", "the fake app's pid, socket, version, uptime; exit 1 when not running", FAKE_STATUS_FLAGS),
  command("fake install", "DIR [options]", "write DIR/ego-browser, a fake ego-browser launcher for the fake app in D", FAKE_INSTALL_FLAGS),
  { name: "help", synopsis: "[COMMAND]", summary: "show this text, or one command's usage", flags: HELP_FLAGS, sections: [] },
];
