/**
 * Why a clause was not applicable, said with its fix: one entry per `not_applicable` key, which the
 * terminal prints for its group of clauses.
 */

export interface NotApplicableFix {
  /** what the clauses need, after "N need" ("real pages") */
  need: string;
  /** what makes them run */
  fix: string;
  /**
   * Whose lack it is: `environment`, this harness's (no operator, no real pages, no launcher, a
   * run that left slow clauses out): the gate reports such clauses as not judged here, with the
   * fix, and never blocks on them; `build`, the build's (a feature or a version range it lacks).
   */
  lacking: "environment" | "build";
  /** what makes them run on an installed target, where that differs from `fix` */
  fixOnInstalled?: string;
}

/** The command that gives the fake real pages (fake-bridge/chromium/locate.ts INSTALL_HINT says the same; a test holds them together). */
export const CHROMIUM_INSTALL = "as root: apt-get update && apt-get install -y chromium-headless-shell chromium (or set CHROMIUM_PATH)";

/**
 * An installed target lacks real pages only when its ego-browser is the fake app started on the
 * page model (src/targets/fake/pages-capability.ts: an Ego Lite build always has them): what
 * judges those clauses is the fake app restarted on Chromium, not Chromium for the harness.
 * `--pages chromium` rather than no flag: with no browser found it exits 2 with the install
 * command instead of falling back to the model.
 */
export const FAKE_APP_WITH_PAGES =
  "the installed ego-browser is the fake app on the page model (an Ego Lite build has real pages): restart it on Chromium, ego-conformance fake stop --dir D && ego-conformance fake start --dir D --pages chromium (D its directory, with the persona, version and mutants it had), then run again";

export const NOT_APPLICABLE_FIXES: Readonly<Record<string, NotApplicableFix>> = {
  "needs:pages": { need: "real pages", fix: CHROMIUM_INSTALL, lacking: "environment", fixOnInstalled: FAKE_APP_WITH_PAGES },
  "needs:cdp-traffic": { need: "raw CDP traffic from real pages", fix: CHROMIUM_INSTALL, lacking: "environment", fixOnInstalled: FAKE_APP_WITH_PAGES },
  "needs:operator": { need: "a person at the browser (an operator)", fix: "run against an installed build with --operator ENDPOINT (the fake app's operator.sock)", lacking: "environment" },
  "needs:launcher": { need: "a real launcher (ego-browser nodejs)", fix: "run against an installed build: --target installed", lacking: "environment" },
  "target:in-process": { need: "a browser shared with a user", fix: "judged on installed targets only: --target installed", lacking: "environment" },
  slow: { need: "minutes of waiting (tagged slow)", fix: "run without --no-slow", lacking: "environment" },
  version: { need: "another Ego Lite version", fix: "expected for this build (--ungated runs every clause)", lacking: "build" },
  "feature:": { need: "a build feature this version lacks", fix: "expected for this build (--ungated runs every clause)", lacking: "build" },
};

/** Keys whose clauses need real pages: the verdict says when they did not run. */
export const PAGE_KEYS: ReadonlySet<string> = new Set(["needs:pages", "needs:cdp-traffic"]);

/**
 * The fix for a key (`feature:profiles` takes the `feature:` entry) on a target of this kind (a
 * run's `target`: `fake`, `installed`; unknown takes the default); undefined for a key without one.
 */
export function notApplicableFix(key: string, targetKind?: string | null): NotApplicableFix | undefined {
  const entry = NOT_APPLICABLE_FIXES[key] ?? (key.startsWith("feature:") ? NOT_APPLICABLE_FIXES["feature:"] : undefined);
  if (entry === undefined) return undefined;
  const { fixOnInstalled, ...fix } = entry;
  return targetKind === "installed" && fixOnInstalled !== undefined ? { ...fix, fix: fixOnInstalled } : fix;
}

/** Whether a not-applicable clause with this key is this harness's lack, not the build's (an unrecorded key counts as the build's). */
export function notJudgedHere(key: string | undefined): boolean {
  return key !== undefined && notApplicableFix(key)?.lacking === "environment";
}
