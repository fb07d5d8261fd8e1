/**
 * Argument validation: one generic validator over METHODS[m].params. Every call that does not
 * match the documented params throws a TypeError with an own error_code EGO_INVALID_ARGUMENT,
 * synchronously, also from Promise-returning methods; every call that matches does not throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID_ARGUMENT_CASES, isSpecialArg, METHOD_NAMES, METHODS, type Arg, type MethodName, type ParamSpec } from "../../src/contract/index.js";
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import { thrownBy } from "../support/thrown.js";
import { browser, listed, type Loose } from "./helpers.js";

const call = (ego: EgoSurface, method: MethodName, args: unknown[]) => (ego as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);

/** Swallows the settlement of a valid call, so a task failure does not become an unhandled rejection. */
function quietly(result: unknown): void {
  if (result instanceof Promise) result.catch(() => {});
}

function decode(arg: Arg, ownId: number): unknown {
  if (!isSpecialArg(arg)) return arg;
  switch (arg.$) {
    case "undefined":
      return undefined;
    case "NaN":
      return NaN;
    case "Infinity":
      return Infinity;
    case "function":
      return () => {};
    case "ownSpaceId":
      return ownId;
    case "spaceName":
      return "a space name";
  }
}

function expectInvalidArgument(error: Loose, method: MethodName): void {
  expect(error).toBeInstanceOf(TypeError);
  expect(Object.hasOwn(error, "error_code")).toBe(true);
  expect(error.error_code).toBe("EGO_INVALID_ARGUMENT");
  expect(error.message).toContain(`${method}()`);
}

describe("the contract's invalid-argument cases (src/contract/clauses/arguments.ts)", () => {
  for (const c of INVALID_ARGUMENT_CASES) {
    it(`${c.clauseId} throws synchronously`, async () => {
      const { ego } = browser();
      const ref = (await ego.createTaskSpace("own")) as Loose;
      const before = await listed(ego);
      const error = thrownBy(() => call(ego, c.method, c.args.map((a) => decode(a, ref.id))));
      expectInvalidArgument(error, c.method);
      expect(await listed(ego)).toEqual(before); // no side effect
    });
  }
});

describe("calls that match the params", () => {
  for (const method of METHOD_NAMES) {
    it(`${method}(documented examples) does not throw`, async () => {
      const { ego } = browser();
      const ref = (await ego.createTaskSpace("own")) as Loose;
      const args = METHODS[method].params.map((p) => decode(p.example, ref.id));
      expect(() => quietly(call(ego, method, args))).not.toThrow();
    });
  }

  it("an explicit undefined for an optional parameter counts as omitted", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("x", undefined)) as Loose;
    expect(ref).toMatchObject({ name: "x" });
    expect(await ego.claimTaskSpace(ref.id, undefined)).toMatchObject({ id: ref.id, name: "x" });
    expect(() => quietly(ego.snapshot(undefined))).not.toThrow();
  });

  it("an explicit undefined beyond the params is an extra argument (the native side counts arguments)", () => {
    const { ego } = browser();
    expectInvalidArgument(thrownBy(() => (ego.createTab as Loose)("about:blank", undefined)), "createTab");
    expectInvalidArgument(thrownBy(() => (ego.listTabs as Loose)(undefined)), "listTabs");
  });

  it("ids: 0 and large safe integers are accepted by useTaskSpace; 1.5, -1, NaN, Infinity are not", () => {
    const { ego } = browser();
    expect(ego.useTaskSpace(0)).toBe(0);
    expect(ego.useTaskSpace(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [1.5, -1, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1, "7", null, true]) {
      expectInvalidArgument(thrownBy(() => ego.useTaskSpace(bad as number)), "useTaskSpace");
    }
  });

  it("coordinates must be finite numbers", () => {
    const { ego } = browser();
    for (const bad of [NaN, Infinity, "1", null]) {
      expectInvalidArgument(thrownBy(() => ego.animationHighlightMouseToPosition(bad as number, 1)), "animationHighlightMouseToPosition");
    }
    expect(() => quietly(ego.animationHighlightMouseToPosition(-3.5, 0))).not.toThrow();
  });

  it("a failed validation leaves the selection untouched", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("x")) as Loose;
    ego.useTaskSpace(ref.id);
    thrownBy(() => ego.useTaskSpace(-1));
    expect(await ego.setAgentTaskState("still selected")).toBe(`${ref.id} state updated.`);
  });
});

describe("snapshot options (fake's choices, research Q4)", () => {
  const invalid: [string, unknown][] = [
    ["null", null],
    ["an array", []],
    ["a string", "full_page"],
    ["an unknown scope", { scope: "everything" }],
    ["a negative maxResultLength", { maxResultLength: -1 }],
    ["a NaN maxResultLength", { maxResultLength: NaN }],
    ["a string maxResultLength", { maxResultLength: "10" }],
    ["subtree without root", { scope: "subtree" }],
    ["a string root", { scope: "subtree", root: "17" }],
    ["a non-boolean interactiveOnly", { interactiveOnly: "yes" }],
    ["a non-boolean includeStableLocator", { includeStableLocator: 1 }],
    ["a non-boolean includeActionMarks", { includeActionMarks: null }],
  ];
  for (const [label, options] of invalid) {
    it(`${label} throws the TypeError`, () => {
      const { ego } = browser();
      expectInvalidArgument(thrownBy(() => ego.snapshot(options as Loose)), "snapshot");
    });
  }

  it("unknown keys and a root without subtree scope are ignored", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("x")) as Loose;
    ego.useTaskSpace(ref.id);
    const snap = (await ego.snapshot({ colour: "blue", root: 99999 })) as Loose;
    expect(snap.content.startsWith("root")).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: random argument lists against an oracle written from the params data alone.

const SCOPES = ["full_page", "only_within_viewport", "subtree"];

function snapshotOptionsValid(o: Record<string, unknown>): boolean {
  const boolOk = (v: unknown) => v === undefined || typeof v === "boolean";
  if (o.scope !== undefined && !SCOPES.includes(o.scope as string)) return false;
  if (o.root !== undefined && typeof o.root !== "number") return false;
  if (o.scope === "subtree" && o.root === undefined) return false;
  if (!boolOk(o.interactiveOnly) || !boolOk(o.includeStableLocator) || !boolOk(o.includeActionMarks)) return false;
  const n = o.maxResultLength;
  return n === undefined || (typeof n === "number" && Number.isFinite(n) && n >= 0);
}

function valueMatches(method: MethodName, p: ParamSpec, v: unknown): boolean {
  switch (p.type) {
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) return false;
      return p.name === "id" ? Number.isSafeInteger(v) && v >= 0 : true;
    case "string":
      return typeof v === "string" && !(p.nonEmpty && v === "");
    case "object":
      if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
      return method === "snapshot" ? snapshotOptionsValid(v as Record<string, unknown>) : true;
  }
}

function oracleAccepts(method: MethodName, args: unknown[]): boolean {
  const params = METHODS[method].params;
  if (args.length > params.length) return false;
  return params.every((p, i) => (args[i] === undefined ? p.optional === true : valueMatches(method, p, args[i])));
}

const edgeValue = fc.constantFrom<unknown>(undefined, null, NaN, Infinity, -Infinity, -1, 0, 1, 1.5, 7, "", "7", "x", true, [], {}, () => {});
const snapshotOptionsArb = fc.record(
  {
    scope: fc.oneof(fc.constantFrom(...SCOPES, "everything", undefined), fc.anything()),
    root: fc.oneof(fc.integer(), fc.constantFrom(undefined, "1", NaN)),
    interactiveOnly: fc.oneof(fc.boolean(), fc.constantFrom(undefined, "yes", 0)),
    includeStableLocator: fc.oneof(fc.boolean(), fc.constantFrom(undefined, 1)),
    includeActionMarks: fc.boolean(),
    maxResultLength: fc.oneof(fc.nat(), fc.constantFrom(undefined, -1, NaN, 1.5, "3")),
    other: fc.anything(),
  },
  { requiredKeys: [] },
);
const argValue = fc.oneof(edgeValue, fc.anything(), fc.integer(), fc.double(), fc.string(), snapshotOptionsArb);

describe("property: the validator agrees with the params data", () => {
  const { ego } = browser();
  for (const method of METHOD_NAMES) {
    it(`${method}: any argument list not matching the params throws the TypeError; any matching one does not`, () => {
      fc.assert(
        fc.property(fc.array(argValue, { maxLength: METHODS[method].params.length + 2 }), (args) => {
          const accepts = oracleAccepts(method, args);
          let thrown: unknown;
          try {
            quietly(call(ego, method, args));
          } catch (error) {
            thrown = error;
          }
          if (accepts) return thrown === undefined;
          return thrown instanceof TypeError && Object.hasOwn(thrown, "error_code") && (thrown as Loose).error_code === "EGO_INVALID_ARGUMENT";
        }),
        { numRuns: 300 },
      );
    });
  }
});
