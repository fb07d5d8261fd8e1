// Clause ids come from files: an id that is also a name on Object.prototype ("__proto__",
// "constructor", "hasOwnProperty", "toString") is a clause like any other, in the outcomes file's
// parse, the gate's decision and both of its outputs; so it is in the other files keyed by id.
import { describe, expect, it } from "vitest";
import { compareOutcomes } from "../../src/gate/compare.js";
import { parseOutcomes } from "../../src/gate/outcomes-file.js";
import { gateJson, renderGate } from "../../src/gate/render.js";
import { PERSONA_FILE_FORMAT, PersonaFile } from "../../src/contract/persona-file.js";

const PROTOTYPE_NAMES = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf"];

/** An outcomes file as its text, parsed the way the gate reads it (JSON.parse keeps "__proto__" as an own key). */
function outcomesText(clauses: Record<string, string>): unknown {
  const entries = Object.entries(clauses).map(([id, status]) => `${JSON.stringify(id)}: {"status": ${JSON.stringify(status)}}`);
  return JSON.parse(`{"schema":1,"runId":"r","date":"2026-01-01T00:00:00.000Z","target":"fake","targetName":"fake","egoVersion":"0.5.1.13","persona":null,"ungated":false,"catalogueClauses":2,"passed":true,"problems":[],"expectations":null,"clauses":{${entries.join(",")}}}`);
}

describe("clause ids that are names of Object.prototype", () => {
  it.each(PROTOTYPE_NAMES)("a failed clause %s keeps the gate from shipping, in the text and the JSON", (id) => {
    const baseline = parseOutcomes(outcomesText({ "tabs.list.shape": "passed" }), "baseline.json");
    const current = parseOutcomes(outcomesText({ "tabs.list.shape": "passed", [id]: "failed" }), "current.json");
    expect(Object.keys(current.clauses)).toContain(id);
    const decision = compareOutcomes(baseline, current);
    expect(decision.ship).toBe(false);
    expect(decision.rows.find((r) => r.clause === id)).toMatchObject({ change: "new-failure", blocking: true, current: { status: "failed" } });
    const text = renderGate(decision, current, { outcomes: baseline, file: "baseline.json" });
    expect(text).toMatch(/^DO NOT SHIP: 1 clause\(s\)/m);
    expect(text).toContain(id);
    expect(gateJson(decision, current, { outcomes: baseline, file: "baseline.json" })).toMatchObject({ ship: false, rows: [{ clause: id, current: "failed" }] });
  });

  it.each(PROTOTYPE_NAMES)("a baseline clause %s the current run lacks is missing", (id) => {
    const baseline = parseOutcomes(outcomesText({ "tabs.list.shape": "passed", [id]: "passed" }), "baseline.json");
    const current = parseOutcomes(outcomesText({ "tabs.list.shape": "passed" }), "current.json");
    const decision = compareOutcomes(baseline, current);
    expect(decision.ship).toBe(false);
    expect(decision.rows.find((r) => r.clause === id)).toMatchObject({ change: "missing", blocking: true });
    expect(() => renderGate(decision, current, { outcomes: baseline, file: "baseline.json" })).not.toThrow();
  });

  it("two runs without such ids compare as before: nothing is invented from the prototype", () => {
    const same = parseOutcomes(outcomesText({ "tabs.list.shape": "passed" }), "same.json");
    const decision = compareOutcomes(same, same);
    expect(decision.rows.map((r) => r.clause)).toEqual(["tabs.list.shape"]);
    expect(decision.ship).toBe(true);
  });
});

describe("other files keyed by id", () => {
  it("a persona file's open details and feature basis keep every id, and report a bad value at its id", () => {
    const raw = JSON.parse(`{"format":"${PERSONA_FILE_FORMAT}","name":"p","version":"0.5.1.13","features":[],"basis":{"constructor":"version"},"openDetails":{"__proto__":"differs-from-the-fake","hasOwnProperty":"as-the-fake-chose"}}`);
    const parsed = PersonaFile.parse(raw);
    expect(Object.entries(parsed.openDetails)).toEqual([["__proto__", "differs-from-the-fake"], ["hasOwnProperty", "as-the-fake-chose"]]);
    expect(Object.entries(parsed.basis)).toEqual([["constructor", "version"]]);
    const bad = PersonaFile.safeParse({ ...raw, openDetails: JSON.parse('{"__proto__":"sometimes"}') });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["openDetails", "__proto__"]);
  });
});
