// The terminal says which clauses were not applicable and why, grouped by reason with the fix,
// and the verdict says when the clauses that need real pages did not run.
import { describe, expect, it } from "vitest";
import { summarize } from "../../src/report/summary.js";
import { renderTerminal } from "../../src/report/terminal.js";
import { NOT_APPLICABLE_FIXES, notApplicableFix, PAGE_KEYS } from "../../src/outcomes/not-applicable.js";
import { INSTALL_HINT } from "../../fake-bridge/chromium/locate.js";
import { clause, result } from "./helpers.js";

const pageIds = Array.from({ length: 22 }, (_, i) => `snapshot.p${i}`);
const catalogue = [...pageIds.map((id) => clause(id)), clause("cdp.traffic"), clause("tabs.ok"), clause("profiles.f")];
const results = [
  ...pageIds.map((id) => result({ clause: id, status: "skipped", notApplicable: "needs:pages", message: "not applicable: needs pages: the fake target has none" })),
  result({ clause: "cdp.traffic", status: "skipped", notApplicable: "needs:cdp-traffic", message: "not applicable: needs cdp-traffic: the fake target has none" }),
  result({ clause: "profiles.f", status: "skipped", notApplicable: "feature:profiles", message: "not applicable: needs the 'profiles' feature, which Ego Lite 0.4.4.2 does not have" }),
  result({ clause: "tabs.ok", status: "passed" }),
];

describe("not-applicable clauses in the terminal", () => {
  const text = renderTerminal(summarize(results, catalogue));

  it("are grouped by reason, each with its count and its fix", () => {
    expect(text).toContain("Not applicable: 24");
    expect(text).toMatch(/^ {2}22 need real pages \(needs:pages\): .*apt-get install -y chromium-headless-shell/m);
    expect(text).toMatch(/^ {2}1 needs? raw CDP traffic from real pages \(needs:cdp-traffic\): .*apt-get install -y chromium-headless-shell/m);
    expect(text).toMatch(/^ {2}1 needs? a build feature this version lacks \(feature:profiles\)/m);
  });

  it("the verdict says the clauses that need pages did not run", () => {
    const verdict = text.split("\n").find((l) => l.startsWith("PASSED"));
    expect(verdict).toMatch(/23 clauses that need real pages did not run/);
  });

  it("the fix for pages is the fake's own install command", () => {
    const command = /apt-get update && apt-get install -y [a-z -]+[a-z]/.exec(NOT_APPLICABLE_FIXES["needs:pages"]?.fix ?? "")?.[0];
    expect(command).toBe("apt-get update && apt-get install -y chromium-headless-shell chromium");
    expect(INSTALL_HINT).toContain(command);
  });
});

describe("the fix for clauses that need real pages, by target kind", () => {
  // an installed target lacks pages only when its ego-browser is the fake app started on the page
  // model (src/targets/fake/pages-capability.ts: an Ego Lite build always has them), so
  // installing Chromium for the harness judges nothing there: the fake app needs restarting
  const installedResults = [
    result({ clause: "snapshot.p0", status: "skipped", target: "installed", targetName: "/app/ego-browser", notApplicable: "needs:pages", message: "not applicable: needs pages: the installed target has none" }),
    result({ clause: "cdp.traffic", status: "skipped", target: "installed", targetName: "/app/ego-browser", notApplicable: "needs:cdp-traffic", message: "not applicable: needs cdp-traffic: the installed target has none" }),
    result({ clause: "tabs.ok", status: "passed", target: "installed", targetName: "/app/ego-browser" }),
  ];

  it.each([...PAGE_KEYS])("on an installed target, %s says to restart the fake app with real pages, not to install Chromium", (key) => {
    const fix = notApplicableFix(key, "installed")!;
    expect(fix.fix).toMatch(/ego-conformance fake stop --dir D && ego-conformance fake start --dir D --pages chromium/);
    expect(fix.fix).not.toContain("apt-get");
    expect(fix).toMatchObject({ need: NOT_APPLICABLE_FIXES[key]!.need, lacking: "environment" });
  });

  it.each([[undefined], [null], ["fake"]])("on the in-process fake (target %s), it is still Chromium's install command", (kind) => {
    for (const key of PAGE_KEYS) expect(notApplicableFix(key, kind)!.fix).toBe(NOT_APPLICABLE_FIXES[key]!.fix);
  });

  it("the other keys say the same on every target", () => {
    for (const key of Object.keys(NOT_APPLICABLE_FIXES).filter((k) => !PAGE_KEYS.has(k))) expect(notApplicableFix(key, "installed")).toEqual(notApplicableFix(key));
  });

  it("an installed run's terminal gives the fake app's command", () => {
    const text = renderTerminal(summarize(installedResults, [clause("snapshot.p0"), clause("cdp.traffic"), clause("tabs.ok")]));
    expect(text).toMatch(/^ {2}1 needs real pages \(needs:pages\): .*fake start --dir D --pages chromium/m);
    expect(text).toMatch(/^ {2}1 needs raw CDP traffic from real pages \(needs:cdp-traffic\): .*fake start --dir D --pages chromium/m);
    expect(text).not.toContain("apt-get");
  });
});
