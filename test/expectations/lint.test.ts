// One lint check per problem: expired, orphan, overlap, invalid range/date/pattern/bug, unknown
// persona, unreviewed; and a clean file is clean.
import { describe, expect, it } from "vitest";
import { lintContext, lintEntries, parseExpectations, ExpectationsError } from "../../src/expectations/index.js";
import { entry, fileOf, indexed } from "./helpers.js";

const TODAY = "2026-06-01";
const checks = (...entries: Parameters<typeof indexed>) => lintEntries(indexed(...entries), lintContext(TODAY)).map((p) => [p.check, p.entry]);

describe("expectations lint", () => {
  it("finds nothing wrong with good entries, including disjoint ones on the same clause", () => {
    expect(
      checks(
        entry({ clause: "tabs.list.shape", when: { target: "fake", egoVersion: "<0.5.0.19" } }),
        entry({ clause: "tabs.list.shape", when: { target: "fake", egoVersion: ">=0.5.0.19" } }),
        entry({ clause: "tabs.*", when: { target: "installed" } }),
        entry({ clause: "tabs.create.result", when: { target: "fake", persona: "pre-profiles" } }),
      ),
    ).toEqual([]);
  });

  it("flags an expired entry and an orphaned pattern", () => {
    expect(checks(entry({ clause: "tabs.list.shape", expires: "2026-05-31" }), entry({ clause: "tabz.*" }))).toEqual([
      ["expired", 0],
      ["orphan", 1],
    ]);
  });

  it("flags entries on a common clause whose conditions can both hold", () => {
    expect(checks(entry({ clause: "tabs.*" }), entry({ clause: "tabs.list.shape", when: { egoVersion: ">=0.5.0.0" } }))).toEqual([["overlap", 1]]);
    expect(checks(entry({ clause: "tabs.list.*", when: { egoVersion: "<0.5.0.19" } }), entry({ clause: "tabs.list.shape", when: { egoVersion: ">=0.5.0.18" } }))).toEqual([["overlap", 1]]);
    expect(checks(entry({ clause: "tabs.*", when: { platform: "darwin" } }), entry({ clause: "tabs.list.shape", when: { platform: "linux" } }))).toEqual([]);
  });

  it("flags invalid ranges, dates, patterns, bug links and personas, and unreviewed entries", () => {
    expect(
      checks(
        entry({ clause: "tabs.list.shape", when: { egoVersion: ">=0.5" } }),
        entry({ clause: "tabs.create.result", when: { egoVersion: ">=0.6.0.0 <0.5.0.0" } }),
        entry({ clause: "tabs.list.one-active", expires: "2026-02-30" }),
        entry({ clause: "tabs list", message: "(" }),
        entry({ clause: "tabs.list.contains-created", bug: "#123" }),
        entry({ clause: "tabs.list.scoped-to-space", when: { persona: "nobody" } }),
        entry({ clause: "snapshot.subtree", owner: "unassigned", bug: "TODO" }),
      ),
    ).toEqual([
      ["invalid-range", 0],
      ["invalid-range", 1],
      ["invalid-date", 2],
      ["invalid-pattern", 3],
      ["invalid-pattern", 3],
      ["orphan", 3],
      ["invalid-bug", 4],
      ["unknown-persona", 5],
      ["unreviewed", 6],
    ]);
  });
});

describe("loading", () => {
  it("refuses a file with invalid values or structure, naming every problem", () => {
    expect(() => parseExpectations(fileOf(entry({ clause: "tabs.*", expires: "soon" }), entry({ clause: "tabs.*", when: { egoVersion: "new" } })), "f.json")).toThrow(
      /invalid expectations file f\.json:\n {2}entry #1 .*expires 'soon'.*\n {2}entry #2 .*not an Ego Lite range/,
    );
    expect(() => parseExpectations({ entries: [{ clause: "tabs.*", expected: [] }] }, "f.json")).toThrow(ExpectationsError);
    expect(() => parseExpectations({ entries: [{ ...entry({ clause: "tabs.*" }), expected: ["passed"] }] }, "f.json")).toThrow(/expected/);
  });

  it("accepts what a run can use even when lint would complain (expired, orphan, overlap)", () => {
    const loaded = parseExpectations(fileOf(entry({ clause: "tabs.*", expires: "2000-01-01" }), entry({ clause: "gone.*" })), "f.json");
    expect(loaded.entries).toHaveLength(2);
  });
});
