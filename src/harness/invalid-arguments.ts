/**
 * The argument-validation clauses of one method, as tests: every documented case of
 * src/contract/clauses/arguments.ts must throw a TypeError with own error_code
 * EGO_INVALID_ARGUMENT synchronously; an input the doc has no rule for must be refused that way
 * or go ahead on the method's documented channel (which of the two is observed). `ownSpaceId` and `spaceName` are resolved to a space and a
 * name of this run, so a build that wrongly accepts the call only ever touches our own space.
 */
import { expect } from "vitest";
import { isSpecialArg, type Arg, type Json } from "../contract/arguments.js";
import { invalidArgumentCases } from "../contract/clauses/arguments.js";
import type { MethodName } from "../contract/methods.js";
import { clause } from "./clause.js";
import { observeCall } from "./probes.js";
import type { RunSpaces } from "./spaces.js";

export async function resolveArgs(args: readonly Arg[], spaces: RunSpaces): Promise<Json[]> {
  const out: Json[] = [];
  for (const arg of args) {
    if (isSpecialArg(arg) && arg.$ === "ownSpaceId") out.push((await spaces.create({ label: "argument" })).id);
    else if (isSpecialArg(arg) && arg.$ === "spaceName") out.push(spaces.name("argument"));
    else out.push(arg as Json);
  }
  return out;
}

export function invalidArgumentClauses(method: MethodName): void {
  for (const c of invalidArgumentCases(method)) {
    clause(c.clauseId, async ({ ego, spaces, openDetail }) => {
      const args = await resolveArgs(c.args, spaces);
      const seen = await observeCall(ego, method, args);
      if (c.status === "documented") {
        expect(seen).toThrowInvalidArgument();
        return;
      }
      // no rule in the doc for this input: the core is "refuse it as documented, or go ahead on
      // the method's own channel"; whether it is refused at all is the open detail
      expect(seen).toRefuseAsDocumentedOrProceed(method);
      await openDetail(() => {
        expect(seen).toThrowInvalidArgument();
      });
    });
  }
}
