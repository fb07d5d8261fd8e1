import { describe, expect, it } from "vitest";
import { summarize } from "../../src/report/summary.js";
import { colorWanted, renderJson, renderTerminal } from "../../src/report/terminal.js";
import { clause, result } from "./helpers.js";

const catalogue = [
  clause("tabs.a"),
  clause("tabs.b"),
  clause("tabs.u", { unspecified: { question: "q? open", choice: "c (fake)", core: null, openDetail: "all of it (test)", basis: "a test basis" } }),
  clause("cdp.c", { methods: ["sendCDPMessage"] }),
  clause("cdp.d"),
  clause("snapshot.e"),
];

const mixed = summarize(
  [
    result({ clause: "tabs.a", status: "passed" }),
    result({ clause: "tabs.b", status: "failed", message: "expected error_code EGO_NOT_FOUND\n  received undefined" }),
    result({ clause: "tabs.u", status: "passed" }),
    result({ clause: "cdp.c", status: "broken", message: "probe timed out after 30000 ms" }),
    result({ clause: "snapshot.e", status: "skipped", notApplicable: "version" }),
  ],
  catalogue,
);

describe("renderTerminal", () => {
  const text = renderTerminal(mixed, { reportPath: "reports/allure-report/index.html" });
  const lines = text.split("\n");

  it("starts with the target and the Ego Lite version", () => {
    expect(lines[0]).toBe("Ego Lite conformance");
    expect(text).toMatch(/^Target: +fake \(fake 0\.5\.0\.19\)$/m);
    expect(text).toMatch(/^Ego Lite version: 0\.5\.0\.19$/m);
  });

  it("has one aligned row per area and a total row", () => {
    const header = lines.find((l) => l.startsWith("area"))!;
    expect(header.split(/\s+/)).toEqual(["area", "passed", "failed", "broken", "not-applicable", "unspecified", "unknown"]);
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))!.split(/\s+/).slice(1).map(Number);
    expect(row("tabs")).toEqual([1, 1, 0, 0, 1, 0]);
    expect(row("cdp")).toEqual([0, 0, 1, 0, 0, 1]);
    expect(row("snapshot")).toEqual([0, 0, 0, 1, 0, 0]);
    expect(row("total")).toEqual([1, 1, 1, 1, 1, 1]);
    const table = lines.filter((l) => /^(area|tabs|cdp|snapshot|total) /.test(l));
    expect(new Set(table.map((l) => l.length)).size).toBe(1); // right-aligned numbers: equal widths
  });

  it("lists failed, broken and unknown clauses with the first line of their message", () => {
    expect(text).toMatch(/^Failed \(contract violations\): 1$/m);
    expect(text).toMatch(/^ {2}tabs\.b +expected error_code EGO_NOT_FOUND$/m);
    expect(text).not.toContain("received undefined");
    expect(text).toMatch(/^Broken \(harness or infrastructure errors\): 1$/m);
    expect(text).toMatch(/^ {2}cdp\.c +probe timed out after 30000 ms$/m);
    expect(text).toMatch(/^Unknown \(no verdict: never green\): 1$/m);
    expect(text).toMatch(/^ {2}cdp\.d +no result reported$/m);
    expect(text).not.toMatch(/^ {2}(tabs\.a|tabs\.u|snapshot\.e) /m);
  });

  it("ends with the verdict and the report path", () => {
    expect(lines.at(-3)).toBe("NOT PASSED: 1 failed, 1 broken, 1 unknown");
    expect(lines.at(-2)).toBe("Report: reports/allure-report/index.html");
  });

  it("has no ANSI codes unless colour is asked for", () => {
    expect(text).not.toContain("\u001b[");
    const coloured = renderTerminal(mixed, { color: true });
    expect(coloured).toContain("\u001b[31mNOT PASSED");
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(renderTerminal(mixed));
  });

  it("says when the version is unknown and the build was judged as the newest documented one", () => {
    const s = summarize([result({ clause: "tabs.a", status: "passed", egoVersion: "unknown" })], catalogue, {
      selected: (c) => c.id === "tabs.a",
    });
    const out = renderTerminal(s);
    expect(out).toMatch(/Ego Lite version: version unknown — judged as the newest documented build, \d+\.\d+\.\d+\.\d+; every clause ran/);
    expect(renderJson(s)).toMatchObject({ egoVersion: null, versionUnknown: true });
    expect(out).toContain("PASSED: 1 passed, 0 unspecified (observed), 0 not applicable");
    expect(out).toContain("Report: not generated");
  });

  it("says so when the results disagree on the target", () => {
    const s = summarize(
      [result({ clause: "tabs.a", status: "passed", target: "fake" }), result({ clause: "tabs.b", status: "passed", target: "installed" })],
      catalogue,
      { selected: (c) => c.id === "tabs.a" || c.id === "tabs.b" },
    );
    const out = renderTerminal(s);
    expect(out).toMatch(/^Target: +DISAGREE — results name fake, installed/m);
    expect(out).toContain("Problems with the results: 1");
    expect(out).toContain("NOT PASSED: 0 failed, 0 broken, 0 unknown, 1 problem(s) with the results");
  });
});

describe("renderTerminal edge cases", () => {
  it("caps long lists, saying how many more there are", () => {
    const many = Array.from({ length: 7 }, (_, i) => clause(`tabs.m${i}`));
    const out = renderTerminal(summarize(many.slice(0, 5).map((c, i) => result({ clause: c.id, status: "failed", message: `violation ${"abcde"[i]}` })), many), { maxListed: 3 });
    expect(out).toContain("Failed (contract violations): 5");
    expect(out.match(/violation [a-e]/g)).toHaveLength(3);
    expect(out).toContain("  … and 2 more (the JSON summary lists every clause)");
    // identical messages are one line with a count
    expect(out).toContain("Unknown (no verdict: never green): 2\n  ×2 no result reported  (tabs.m5, tabs.m6)\n");
    expect(renderTerminal(summarize([], many))).toMatch(/^Target: +not reported by any result$/m);
  });

  it("renders an empty selection without crashing, and does not call it a pass", () => {
    const out = renderTerminal(summarize([], catalogue, { selected: () => false }));
    expect(out).toMatch(/^total +0 +0 +0 +0 +0 +0$/m);
    expect(out).toContain("NOT PASSED: no clause was selected, so nothing was verified");
  });
});

describe("colorWanted", () => {
  it("wants colour only on a TTY without NO_COLOR", () => {
    expect(colorWanted({ isTTY: true }, {})).toBe(true);
    expect(colorWanted({ isTTY: false }, {})).toBe(false);
    expect(colorWanted({}, {})).toBe(false);
    expect(colorWanted({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
  });
});

describe("renderJson", () => {
  const json = renderJson(mixed);

  it("has the machine keys", () => {
    expect(Object.keys(json)).toEqual(["target", "targetName", "persona", "egoVersion", "versionSource", "versionUnknown", "passed", "totals", "areas", "clauses", "problems"]);
    expect(json).toMatchObject({ target: "fake", egoVersion: "0.5.0.19", passed: false, problems: [] });
    expect(Object.keys(json.totals)).toEqual(["passed", "failed", "precondition-failed", "broken", "not-applicable", "known", "flaky", "unspecified", "unknown"]);
    expect(json.totals).toEqual({ passed: 1, failed: 1, "precondition-failed": 0, broken: 1, "not-applicable": 1, known: 0, flaky: 0, unspecified: 1, unknown: 1 });
    expect(Object.keys(json.areas)).toEqual(["tabs", "cdp", "snapshot"]);
    expect(json.areas.cdp).toEqual({ passed: 0, failed: 0, "precondition-failed": 0, broken: 1, "not-applicable": 0, known: 0, flaky: 0, unspecified: 0, unknown: 1 });
  });

  it("lists clauses as {id, area, method, status}, status being the total each counts under", () => {
    expect(json.clauses).toEqual([
      { id: "tabs.a", area: "tabs", method: "listTaskSpaces", status: "passed" },
      { id: "tabs.b", area: "tabs", method: "listTaskSpaces", status: "failed" },
      { id: "tabs.u", area: "tabs", method: "listTaskSpaces", status: "unspecified" },
      { id: "cdp.c", area: "cdp", method: "sendCDPMessage", status: "broken" },
      { id: "cdp.d", area: "cdp", method: "listTaskSpaces", status: "unknown" },
      { id: "snapshot.e", area: "snapshot", method: "listTaskSpaces", status: "not-applicable" },
    ]);
  });

  it("round-trips through JSON.stringify", () => {
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
