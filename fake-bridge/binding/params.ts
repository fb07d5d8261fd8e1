/**
 * The parameter rules a method is validated against: src/contract/methods.ts's, adjusted only where
 * the emulated build differs. Value rules where the doc only says "not a number" are the fake's
 * choices (research Q3; fake-bridge/README.md, "Choices where the docs are silent").
 */
import { METHODS, type MethodName, type ParamSpec } from "../../src/contract/methods.js";
import type { Behaviour } from "../behaviour/behaviour.js";

export interface ParamRule {
  readonly name: string;
  readonly optional: boolean;
  /** what the message says the parameter must be */
  readonly expected: string;
  accepts(value: unknown): boolean;
}

const isTaskSpaceIdNumber = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isDigitString = (v: unknown) => typeof v === "string" && /^\d+$/.test(v);

/** A documented parameter, or one a mutant widened to take anything. */
type RuleSpec = ParamSpec | (Omit<ParamSpec, "type"> & { type: "any" });

function ruleOf(spec: RuleSpec, b: Behaviour): ParamRule {
  const optional = spec.optional === true;
  switch (spec.type) {
    case "number":
      if (spec.name === "id") {
        // the string-ids mutant: the string form of an id ("7") is accepted too
        return b.stringIdsAccepted
          ? { name: spec.name, optional, expected: "a task-space id", accepts: (v) => isTaskSpaceIdNumber(v) || isDigitString(v) }
          : { name: spec.name, optional, expected: "a task-space id (a non-negative integer)", accepts: isTaskSpaceIdNumber };
      }
      return { name: spec.name, optional, expected: "a finite number", accepts: (v) => typeof v === "number" && Number.isFinite(v) };
    case "string":
      return spec.nonEmpty
        ? { name: spec.name, optional, expected: "a non-empty string", accepts: (v) => typeof v === "string" && v !== "" }
        : { name: spec.name, optional, expected: "a string", accepts: (v) => typeof v === "string" };
    case "object":
      return { name: spec.name, optional, expected: "an object", accepts: (v) => typeof v === "object" && v !== null && !Array.isArray(v) };
    case "any":
      return { name: spec.name, optional, expected: "anything", accepts: () => true };
  }
}

/** The documented params, as the emulated build has them. */
export function paramSpecsFor(method: MethodName, b: Behaviour): readonly RuleSpec[] {
  const params = METHODS[method].params;
  // before profiles, createTaskSpace took the name only and rejected any second argument
  if (method === "createTaskSpace" && !b.profiles) return params.slice(0, 1);
  // the create-accepts-invalid-names mutant: the name may be missing, of any type, or empty
  if (method === "createTaskSpace" && b.createAcceptsInvalidNames) return params.map((p) => (p.name === "name" ? { ...p, type: "any" as const, optional: true } : p));
  if (!b.numericIds) {
    // before numeric ids: useTaskSpace(taskId) and claimTaskSpace(name) located spaces by name
    if (method === "useTaskSpace") return [{ name: "taskId", type: "string", example: "" }];
    if (method === "claimTaskSpace") return [{ name: "name", type: "string", example: "" }];
  }
  return params;
}

export function paramRulesFor(method: MethodName, b: Behaviour): ParamRule[] {
  return paramSpecsFor(method, b).map((spec) => ruleOf(spec, b));
}

/** Whether the emulated build has the method at all (older builds lack getBrowserVersion, listProfiles). */
export function methodPresent(method: MethodName, b: Behaviour): boolean {
  if (method === "getBrowserVersion") return b.browserVersionMethod;
  if (method === "listProfiles") return b.profiles && !b.missingListProfiles;
  return true;
}
