/**
 * The argument-validation clauses, as tests: a documented bad argument must throw a TypeError with
 * EGO_INVALID_ARGUMENT synchronously. The arguments name our own spaces, so a build that wrongly
 * accepts the call only touches the run's, and a space made anyway is found (TestSpaces.probed).
 */
import { expect } from "vitest";
import { isSpecialArg, type Arg, type Json } from "../contract/arguments.js";
import { INVALID_ARGUMENT_CASES } from "../contract/clauses/arguments.js";
import type { ClauseContext } from "./clause.js";
import { observeCall } from "./probes.js";
import type { TestSpaces } from "./test-spaces.js";

export async function resolveArgs(args: readonly Arg[], spaces: TestSpaces): Promise<Json[]> {
  const out: Json[] = [];
  for (const arg of args) {
    if (isSpecialArg(arg) && arg.$ === "ownSpaceId") out.push((await spaces.create({ label: "argument" })).id);
    else if (isSpecialArg(arg) && arg.$ === "spaceName") out.push(spaces.name("argument"));
    else out.push(arg as Json);
  }
  return out;
}

/**
 * The body of an argument-validation clause: its case is the one of src/contract/clauses/arguments.ts
 * with the clause's id. Each suite file declares its method's clauses by their literal ids, in the
 * order of the cases (`clause("arguments.useTaskSpace.id-missing", invalidArgument)`).
 */
export async function invalidArgument({ clause: spec, ego, spaces, openDetail }: ClauseContext): Promise<void> {
  const c = INVALID_ARGUMENT_CASES.find((x) => x.clauseId === spec.id);
  if (c === undefined) throw new Error(`clause ${spec.id} is no argument-validation case of src/contract/clauses/arguments.ts`);
  const args = await resolveArgs(c.args, spaces);
  // a build that accepts the bad argument may make a space with it: that space is the run's
  const seen = await spaces.probed(() => observeCall(ego, c.method, args));
  if (c.status === "documented") {
    expect(seen).toThrowInvalidArgument();
    return;
  }
  // no rule in the doc for this input: the core is "refuse it as documented, or go ahead on
  // the method's own channel"; whether it is refused at all is the open detail
  expect(seen).toRefuseAsDocumentedOrProceed(c.method);
  await openDetail(() => {
    expect(seen).toThrowInvalidArgument();
  });
}
