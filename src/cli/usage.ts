/** The CLI's usage text: every command and flag, kept next to the parser that reads them. */
export const USAGE = `ego-conformance: conformance and end-to-end tests of the Ego Lite native bridge (globalThis.ego)

Usage:
  ego-conformance run [options]     run the contract suites against a target and report
  ego-conformance clauses [--json]  list the clause catalogue (id, area, method, severity, flags)
  ego-conformance personas [--json] the builds the fake can emulate: version, features off/on, source
  ego-conformance help              show this text

run options:
  --target fake|installed   the target (default: fake, the embedded fake bridge)
  --area AREA               only the clauses of this area (repeatable)
  --grep PATTERN            only clauses whose id or title matches this regular expression
  --json                    print one machine-readable summary object on stdout
  --results DIR             where Allure results go (default: reports/allure-results)
  --report DIR              where the HTML report goes (default: reports/allure-report)
  --no-report               skip the HTML report (results and summary only)
  --fault NAME              run against a deliberately broken fake (harness self-tests; repeatable)
  --persona NAME            the fake emulates this persona (an older or differently launched build;
                            see ego-conformance personas)
  --ego-version V           the fake emulates Ego Lite V (features from the build-feature table)
  --ungated                 run every clause regardless of build features and versions

Exit status: 0 when no selected clause failed, broke or went without a result;
1 when one did; 2 for a usage error or a run that could not start.
`;
