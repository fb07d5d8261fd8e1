// The clause catalogue is well-formed data, and the derived parts say what the contract says.
import { describe, expect, it } from "vitest";
import {
  AREAS,
  BLOCKED_UNDER_USER_CONTROL,
  buildCatalogue,
  CATALOGUE,
  clauseById,
  ERROR_CODES,
  INVALID_ARGUMENT_CASES,
  METHODS,
  TASK_SCOPED_METHODS,
  type ClauseInput,
} from "../../src/contract/index.js";

describe("clause catalogue", () => {
  it("has unique ids that start with their area", () => {
    expect(new Set(CATALOGUE.map((c) => c.id)).size).toBe(CATALOGUE.length);
    for (const c of CATALOGUE) expect(c.id.startsWith(`${c.area}.`), c.id).toBe(true);
  });

  it("refuses duplicates and unknown areas", () => {
    const one: ClauseInput = { id: "cdp.x.y", title: "a valid title", area: "cdp", methods: [], doc: { section: "s", anchor: "a" }, severity: "minor" };
    expect(() => buildCatalogue([one, one])).toThrow(/duplicate/);
    expect(() => buildCatalogue([{ ...one, area: "nowhere" as never }])).toThrow();
    expect(() => buildCatalogue([{ ...one, id: "tabs.x.y" }])).toThrow(/must start with its area/);
  });

  it("covers every area", () => {
    const used = new Set(CATALOGUE.map((c) => c.area));
    expect([...Object.keys(AREAS)].filter((a) => !used.has(a as never))).toEqual([]);
  });

  it("has a not-selected clause per task-scoped method and a blocking clause per blocked method", () => {
    for (const m of TASK_SCOPED_METHODS) expect(clauseById(`error-codes.not-selected.${m}`).methods).toEqual([m]);
    for (const m of BLOCKED_UNDER_USER_CONTROL) expect(clauseById(`user-control.blocked.${m}`).severity).toBe("blocker");
  });

  it("derives the documented argument cases from the parameter lists", () => {
    const ids = INVALID_ARGUMENT_CASES.filter((c) => c.status === "documented").map((c) => c.clauseId);
    expect(ids).toContain("arguments.createTaskSpace.name-empty");
    expect(ids).toContain("arguments.useTaskSpace.extra-argument");
    expect(ids).not.toContain("arguments.createTab.extra-argument");
    expect(clauseById("arguments.createTab.extra-argument").unspecified).toBeDefined();
    for (const c of INVALID_ARGUMENT_CASES) {
      const params = METHODS[c.method].params;
      if (c.slug.endsWith("-missing")) expect(c.args.length, c.clauseId).toBeLessThan(params.filter((p) => !p.optional).length);
      if (c.slug === "extra-argument" || c.slug === "any-argument") expect(c.args.length, c.clauseId).toBeGreaterThan(params.length);
    }
  });

  it("lists the 16 documented error codes", () => {
    expect(ERROR_CODES).toHaveLength(16);
  });
});
