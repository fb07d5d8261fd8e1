/** The CLI's usage text: every command and flag, kept next to the parser that reads them. */
export const USAGE = `ego-conformance: conformance and end-to-end tests of the Ego Lite native bridge (globalThis.ego)

Usage:
  ego-conformance run [options]     run the contract suites against a target and report
  ego-conformance clauses [--json] [--where]
                                    list the clause catalogue (id, area, method, severity, flags);
                                    --where: the file and line that implements each clause
  ego-conformance matrix [options]  run several targets; write compat.json, compat.html and one
                                    Allure report with an environment per target
  ego-conformance report --merge DIR... [--out DIR]
                                    merge the bundles of a sharded matrix into one matrix and report
  ego-conformance personas [--json] the builds the fake can emulate: version, features off/on, source
  ego-conformance expectations lint [FILE] [--today YYYY-MM-DD] [--json]
                                    check the known-failures file: expired, orphaned, overlapping,
                                    invalid entries (default fixtures/expectations/expectations.json)
  ego-conformance gate --baseline FILE|VERSION [--results DIR | --outcomes FILE] [--min-clauses N] [--json]
                                    may this build ship? compare a run with a baseline clause by clause
  ego-conformance baseline save [--results DIR | --outcomes FILE] [--dir DIR] [--json]
                                    store a run's outcomes as fixtures/baselines/<version>.json
                                    (installed) or <version>-<persona|fake>.json (the fake)
  ego-conformance detect [options]  find the installed ego-browser, its Ego Lite version and bridge methods
  ego-conformance sweep [options]   list (and with --yes close) task spaces left by earlier runs
  ego-conformance fake start|stop|status|install
                                    the fake Ego Lite app as a process, and a fake ego-browser for it
  ego-conformance help [COMMAND]    show this text, or one command's usage

Any command takes --debug: a failure then shows its stack trace too.

run options:
  --target fake|installed   the target (default: fake, the embedded fake bridge)
  --area AREA               only the clauses of this area (repeatable)
  --grep PATTERN            only clauses whose id or title matches this regular expression
  --json                    print one machine-readable summary object on stdout
  --results DIR             where Allure results go (default: reports/allure-results); emptied
                            first, so it must be missing, empty or made by the harness (it holds
                            .ego-conformance-results); anything else is refused, exit 2
  --report DIR              where the HTML report goes (default: reports/allure-report); the same
                            rule (.ego-conformance-report); replaced only when the new one is complete
  --no-report               skip the HTML report (results and summary only)
  --fault NAME              run against a deliberately broken fake (harness self-tests; repeatable)
  --faults FILE             infrastructure faults for the fake, from a seeded plan (JSON: seed and
                            faults, see README "Faults and retries"); a clause is retried only after
                            an infrastructure error, and a pass after a retry is flaky
  --fail-on-flaky           exit 1 when any result is flaky (for CI)
  --persona NAME            the fake emulates this persona (an older or differently launched build;
                            see ego-conformance personas)
  --pages chromium|model    the fake's pages: real ones from Chromium (default wherever a browser is
                            found: CHROMIUM_PATH, /usr/bin/chromium, Playwright's browsers) or the
                            page model (fast; clauses that need pages are not applicable)
  --ego-version V           the fake emulates Ego Lite V (features from the build-feature table);
                            with --target installed: the version when neither getBrowserVersion
                            nor the app's Info.plist tells
  --ungated                 run every clause regardless of build features and versions
  --expectations FILE       known failures to apply (default: fixtures/expectations/expectations.json
                            when it exists); a matching failure counts as known, an expected
                            failure that passes fails the run
  --no-expectations         apply none
  --update-expectations     print the entries to add and to remove; with --write, write them
                            (additions as owner "unassigned", bug "TODO", 30-day expiry: lint
                            fails on them until a human completes them)
  --outcomes FILE           the run's per-clause outcomes for gate and baseline
                            (default: reports/outcomes.json)

run options for --target installed (detection runs first; see detect):
  --ego-browser PATH        the CLI (default: EGO_BROWSER_BIN, then PATH, then the app bundle
                            "ego lite.app" in /Applications or ~/Applications)
  --operator ENDPOINT       an operator endpoint (the fake app's operator.sock): clauses that need
                            a person at the browser run; without it they are skipped
  --probe-timeout MS        bound on starting an ego-browser process and on one probe (default 30000)
  --keep-on-failure         keep this run's task spaces when the run failed (sweep removes them)
  --harness-fault NAME      a deliberate harness bug, for the harness's own tests
                            (cleanup-claims-user-space)
  Every task space the run makes is named 'ego-conformance <run-id> ...'; the spaces that are not
  the run's are listed before and after and must be unchanged (clause safety.user-spaces.unchanged).
  Ctrl-C stops the suites and closes the run's spaces; exit 130.

detect options:
  --ego-browser PATH, --ego-version V, --probe-timeout MS   as for run
  --json                    print the detection as one JSON object
  Exit status: 0 the build was asked; 1 its bridge could not be asked; 2 no CLI found.

sweep options:
  --ego-browser PATH, --probe-timeout MS   as for run
  --yes                     close the spaces the run ledger records for runs that are over, one
                            per probe (claiming or taking over first); without it, only list them
  --force-unrecorded        with --yes, also close agent-created spaces named like ours that the
                            ledger does not know ("looks like ours, not recorded")
  --json                    print the spaces (each with its status and result) as JSON
  Only names 'ego-conformance <run-id> ...' are considered; a space created by the user, or
  recorded by a run that is still live, is never closed. The ledger is
  $EGO_CONFORMANCE_LEDGER, else $XDG_STATE_HOME/ego-conformance/ledger.jsonl, else
  ~/.local/state/ego-conformance/ledger.jsonl.

fake options:
  fake start [--dir D] [--persona P | --ego-version V] [--fault F]... [--close-delay-ms N] [--json]
                            start the fake app detached (sockets in D, default
                            $XDG_RUNTIME_DIR/ego-conformance or <tmpdir>/ego-conformance-<uid>)
  fake stop [--dir D] [--json]     SIGTERM, then SIGKILL after 3 s
  fake status [--dir D] [--json]   pid, socket, version, uptime; exit 1 when not running
  fake install DIR [--dir D] [--exit-quirk] [--reject-sdk-path] [--hang]
                   [--app-bundle xml|binary] [--bundle-version V] [--force] [--json]
                            write DIR/ego-browser, a launcher for the fake app in D; an existing
                            DIR/ego-browser or DIR/ego lite.app that fake install did not write
                            is refused (exit 2) unless --force

matrix options (with no target flag: every persona):
  --personas all|NAME,...   fake personas (see ego-conformance personas)
  --versions V,...          the fake emulating each Ego Lite version
  --installed PATH          an installed ego-browser CLI (repeatable)
  --fault NAME              a deliberately broken fake as one more target (harness self-tests; repeatable)
  --area AREA, --grep RE    only these clauses, as for run
  --pages chromium|model    the fake targets' pages, as for run
  --shard i/n               run only the i-th of n slices of the targets and write its bundle
                            (DIR/matrix-shard-i-of-n) for report --merge
  --out DIR                 where compat.json, compat.html and compat-allure/ go (default: reports)
  --no-allure               skip the Allure report
  --json                    print a machine-readable summary on stdout

report options:
  --merge DIR...            matrix bundles: a bundle directory, or one with bundles below it
  --out DIR, --no-allure, --json   as for matrix

Exit status: 0 when no selected clause failed, broke or went without a result;
1 when one did; 2 for a usage error or a run that could not start.
matrix and report: 0 when every target ran and no clause failed, broke or went without a
result; 1 otherwise (a missing shard included); report exits 2 when the bundles cannot be merged.
gate: 0 ship (no regression, no new failure, nothing newly not applicable, missing or unknown, at
least --min-clauses clauses ran); 1 do not ship (a table says why); 2 cannot decide (usage, a
missing or unreadable baseline or run). expectations lint: 0 clean, 1 problems, 2 unreadable file.
`;

/**
 * One command's usage: its lines of the summary at the top and its options section(s) below
 * ("run options:", "run options for --target installed ..."). Undefined for an unknown command.
 */
export function usageFor(command: string): string | undefined {
  const lines = USAGE.split("\n");
  const out: string[] = [];
  const start = lines.findIndex((l) => l.startsWith("Usage:"));
  for (let i = start + 1; i < lines.length && lines[i] !== ""; i++) {
    if (!lines[i]!.startsWith(`  ego-conformance ${command}`) || !/[\s|]/.test(lines[i]!.charAt(`  ego-conformance ${command}`.length) || " ")) continue;
    out.push(lines[i]!);
    for (let j = i + 1; j < lines.length && lines[j]!.startsWith("    "); j++) out.push(lines[j]!);
  }
  if (out.length === 0) return undefined;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(`${command} options`)) continue;
    out.push("", lines[i]!);
    for (let j = i + 1; j < lines.length && lines[j] !== ""; j++) out.push(lines[j]!);
  }
  const exit = lines.findIndex((l) => l.startsWith("Exit status:"));
  if (exit >= 0) out.push("", ...lines.slice(exit).filter((l) => l !== ""));
  return `Usage:\n${out.join("\n")}\n`;
}
