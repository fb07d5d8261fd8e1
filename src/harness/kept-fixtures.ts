/**
 * vitest forgets every fixture definition when a worker's run ends; a module kept loaded in a kept thread
 * (src/run/kept-threads.ts) never defines its own again, and their file-scoped values went untorn-down.
 */
import { onNextTarget } from "../target-scope/next-target.js";

interface Definitions {
  _definitions?: unknown;
}

/** The fixture definitions of an extended `test` (vitest's chainable context, reached by its symbol's name). */
function definitionOf(test: object): object {
  for (const symbol of Object.getOwnPropertySymbols(test)) {
    if (symbol.description !== "kChainableContext") continue;
    const fixtures = (test as Record<symbol, { getFixtures?: () => unknown } | undefined>)[symbol]?.getFixtures?.();
    if (typeof fixtures === "object" && fixtures !== null) return fixtures;
  }
  throw new Error("vitest's test has no fixture definitions where this harness reads them: a kept thread cannot tear down its file fixtures");
}

/** Puts `test`'s fixture definitions back before each next target of a kept thread, so their teardowns run. */
export function keepFixturesAcrossTargets(test: object): void {
  onNextTarget(() => {
    const fixtures = definitionOf(test);
    const definitions = (fixtures.constructor as Definitions)._definitions;
    if (!Array.isArray(definitions)) throw new Error("vitest keeps no list of fixture definitions where this harness reads it: a kept thread cannot tear down its file fixtures");
    if (!definitions.includes(fixtures)) definitions.push(fixtures);
  });
}
