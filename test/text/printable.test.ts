// Text from a build is shown escaped (src/text/printable.ts), by the function and by each printer
// that shows a build's text: the run's summary, sweep's listing, the gate, the CLI's error paragraph.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPrintable, printable, printableLines } from "../../src/text/printable.js";
import { summarize } from "../../src/report/summary.js";
import { renderTerminal } from "../../src/report/terminal.js";
import { renderSweep } from "../../src/cli/sweep.js";
import { errorParagraph } from "../../src/cli/messages.js";
import { renderGate } from "../../src/gate/render.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import type { RunOutcomes } from "../../src/gate/outcomes-file.js";
import type { SweepOutcome } from "../../src/safety/sweep.js";
import { clause, result } from "../report/helpers.js";

const SPOOF = "0.5.1.13\u001b[2K\r\u001b[32mPASSED: spoofed\u001b[0m\u001b]0;PWNED\u0007";
const SHOWN = "0.5.1.13\\x1b[2K\\x0d\\x1b[32mPASSED: spoofed\\x1b[0m\\x1b]0;PWNED\\x07";
/** every C0 control but the line feed, DEL, C1, the bidi controls and the separators */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe("printable", () => {
  it("escapes the spoofed version visibly", () => {
    expect(printable(SPOOF)).toBe(SHOWN);
  });

  it("escapes C1 (the 8-bit CSI), DEL, a newline and the bidi overrides", () => {
    expect(printable("a\u009b2Kb\u007f\nc\u202eevil\u2066")).toBe("a\\x9b2Kb\\x7f\\x0ac\\u{202e}evil\\u{2066}");
    expect(printableLines("one\ntwo\r\u001b[1A")).toBe("one\ntwo\\x0d\\x1b[1A");
  });

  it("leaves nothing unsafe, changes no safe text, and is the same applied twice", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const once = printable(text);
        expect(once).not.toMatch(UNSAFE);
        expect(once).not.toContain("\n");
        expect(printable(once)).toBe(once);
        expect(printableLines(text)).not.toMatch(UNSAFE);
        if (isPrintable(text)) expect(once).toBe(text);
      }),
    );
  });

  it("keeps the text people read as it is", () => {
    expect(printable("Ego Lite — 0.5.1.13 … é ×3 \\x1b")).toBe("Ego Lite — 0.5.1.13 … é ×3 \\x1b");
  });
});

describe("the printers show a build's text escaped", () => {
  it("the run's summary: version, name, messages and areas", () => {
    const summary = summarize(
      [result({ clause: "tabs.a", status: "failed", egoVersion: SPOOF, targetName: `ego ${SPOOF}`, message: `boom ${SPOOF}` })],
      [clause("tabs.a")],
    );
    const text = renderTerminal(summary, { color: true });
    expect(text).toContain(`'${SHOWN}', not a four-part version`);
    expect(text).toContain(`boom ${SHOWN}`);
    // the only escapes left are the harness's own colour on the table and the verdict
    expect(text.replace(/\u001b\[\d+m/g, "")).not.toMatch(UNSAFE);
  });

  it("sweep: a space name", () => {
    const outcome = {
      cli: "/bin/ego-browser",
      ledger: "/l",
      runs: [{ runId: "20990101-000000-deadbe", ledger: "unknown", spaces: [{ id: 1, name: `ego-conformance 20990101-000000-deadbe ${SPOOF}`, ownership: "agent", createdBy: "agent", status: "unrecorded" }] }],
    } as unknown as SweepOutcome;
    const text = renderSweep(outcome, false);
    expect(text).toContain(SHOWN);
    expect(text).not.toMatch(UNSAFE);
  });

  it("the gate: versions, run ids and messages of outcomes files", () => {
    const run = (status: "passed" | "failed"): RunOutcomes => ({
      schema: 1, targetName: null, ungated: false, catalogueClauses: 1, passed: true, problems: [], expectations: null,
      target: "installed",
      egoVersion: SPOOF,
      persona: null,
      runId: SPOOF,
      date: "2026-12-01T00:00:00.000Z",
      clauses: { "tabs.a": { status, ...(status === "failed" ? { message: SPOOF } : {}) } },
    }) as unknown as RunOutcomes;
    const text = renderGate(compareOutcomes(run("passed"), run("failed"), { minClauses: 1 }), run("failed"), { outcomes: run("passed"), file: "/b.json" });
    expect(text).toContain(SHOWN);
    expect(text).not.toMatch(UNSAFE);
  });

  it("the CLI's error paragraph keeps its lines and escapes the rest", () => {
    const text = errorParagraph("detect", new Error(`the bridge said ${SPOOF}\nsecond line`), { debug: false });
    expect(text).toContain(`the bridge said ${SHOWN}\nsecond line`);
    expect(text).not.toMatch(UNSAFE);
  });
});
