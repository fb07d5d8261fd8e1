// Judging a clause's results against its entry: known, a failure for another reason, an
// unexpected pass, no evidence; and the rewrite of the Allure result files is repeatable.
import { describe, expect, it } from "vitest";
import { judgeClause } from "../../src/expectations/index.js";
import { originalResult } from "../../src/expectations/original.js";
import { rewriteRaw } from "../../src/expectations/rewrite-results.js";
import { LABEL } from "../../src/labels/labels.js";
import { result } from "../report/helpers.js";
import { entry, indexed } from "./helpers.js";

const [failedOnly] = indexed(entry({ clause: "tabs.list.shape" }));
const [pinned] = indexed(entry({ clause: "tabs.list.shape", expected: ["failed", "broken"], message: "listed as agent" }));
const [skippedOk] = indexed(entry({ clause: "tabs.list.shape", expected: ["skipped"] }));

describe("judgeClause", () => {
  it("makes a failure the entry expects known", () => {
    const j = judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "failed", message: "boom" })], failedOnly);
    expect(j.kind).toBe("known");
    expect(j.results.map((r) => r.verdict)).toEqual(["known"]);
  });

  it("does not make known a status the entry does not list, or a message that does not match", () => {
    expect(judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "broken", message: "x" })], failedOnly).kind).toBe("mismatch");
    expect(judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "failed", message: "space 7 listed as agent" })], pinned).kind).toBe("known");
    const other = judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "failed", message: "timed out" })], pinned);
    expect(other.kind).toBe("mismatch");
    expect(other.results[0]!.verdict).toBe("mismatch");
  });

  it("judges every failing result: one covered and one not is a mismatch, the covered one still known", () => {
    const j = judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "failed", message: "listed as agent" }), result({ clause: "tabs.list.shape", status: "failed", message: "other" })], pinned);
    expect(j.kind).toBe("mismatch");
    expect(j.results.map((r) => r.verdict)).toEqual(["known", "mismatch"]);
  });

  it("turns an expected failure that passed into an unexpected pass", () => {
    const j = judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "passed" }), result({ clause: "tabs.list.shape", status: "skipped" })], failedOnly);
    expect(j.kind).toBe("unexpected-pass");
    expect(j.results).toHaveLength(1);
  });

  it("leaves a skipped or result-less clause alone, and names a failure without an entry", () => {
    expect(judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "skipped" })], failedOnly).kind).toBe("no-evidence");
    expect(judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "skipped" })], skippedOk).kind).toBe("as-expected");
    expect(judgeClause("tabs.list.shape", [], failedOnly).kind).toBe("no-evidence");
    const fresh = judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "broken", message: "m" })], undefined);
    expect(fresh).toMatchObject({ kind: "new-failure", failing: [{ status: "broken", message: "m" }] });
    expect(judgeClause("tabs.list.shape", [result({ clause: "tabs.list.shape", status: "passed" })], undefined).kind).toBe("none");
  });
});

describe("rewriting results", () => {
  it("labels a known failure and links its bug; an unexpected pass becomes failed; clearing restores the original", () => {
    const known = rewriteRaw({ status: "failed", labels: [{ name: "clause", value: "c" }], statusDetails: { message: "boom" } }, { verdict: "known", entry: failedOnly!, file: "f.json" });
    expect(known.status).toBe("failed");
    expect(known.labels).toContainEqual({ name: LABEL.expectation, value: "known" });
    expect(known.links).toContainEqual(expect.objectContaining({ url: "https://bugs.example.test/1", type: "issue" }));

    const raw = { status: "passed", labels: [{ name: "clause", value: "c" }] };
    const flipped = rewriteRaw(structuredClone(raw), { verdict: "unexpected-pass", entry: failedOnly!, file: "f.json" });
    expect(flipped.status).toBe("failed");
    expect(flipped.statusDetails?.message).toMatch(/^unexpected pass: remove the expectation entry #1 \(tabs\.list\.shape\) from f\.json/);
    const cleared = rewriteRaw(flipped, undefined);
    expect(cleared).toMatchObject({ status: "passed", labels: [{ name: "clause", value: "c" }], links: [] });
    expect(cleared.statusDetails?.message).toBeUndefined();
  });

  it("reads a result as the suites wrote it, whatever an earlier application did", () => {
    const r = result({ clause: "c", status: "failed", message: "unexpected pass: remove ..." });
    r.labels.push({ name: LABEL.expectation, value: "unexpected-pass" }, { name: LABEL.expectationBug, value: "https://bugs.example.test/1" });
    const o = originalResult(r);
    expect(o.status).toBe("passed");
    expect(o.message).toBeUndefined();
    expect(o.labels.some((l) => l.name.startsWith("expectation"))).toBe(false);
  });
});
