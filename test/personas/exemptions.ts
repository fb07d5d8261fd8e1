// Shared by the persona self-tests (./persona-runs.test.ts on the page model, ./persona-pages.test.ts on real pages).
import { CATALOGUE, conformanceOf, type Clause } from "../../src/contract/index.js";
import { FEATURE_NAMES, type Feature } from "../../src/contract/features.js";
import type { Persona } from "../../src/contract/personas.js";

/** Clauses that declare a feature but pass without it, and why (reviewed by hand). */
export const NEEDS_WITHOUT_EXERCISING: Record<string, { clause: string; why: string }[]> = {
  "pre-error-codes": [
    { clause: "error-codes.cdp.callback-is-async", why: "asserts the CDP error callback runs after sendCDPMessage returns, which builds without error codes also do" },
    { clause: "numeric-ids.not-found.message-carries-id", why: "it judges that the not-found message names the id, on whichever channel it comes: builds without error codes name it the same way" },
  ],
  "pre-profiles": [{ clause: "profiles.create.not-found-leaves-nothing", why: "without profiles createTaskSpace rejects the second argument, so no space is left behind either" }],
  "pre-numeric-ids": [
    { clause: "arguments.useTaskSpace.id-missing", why: "useTaskSpace(taskId) without its argument throws the same TypeError" },
    { clause: "arguments.useTaskSpace.extra-argument", why: "an extra argument after the taskId is rejected the same way" },
    { clause: "arguments.claimTaskSpace.id-missing", why: "claimTaskSpace(name) without its argument throws the same TypeError" },
    { clause: "arguments.claimTaskSpace.extra-argument", why: "claimTaskSpace(name) rejects a second argument as an extra one" },
    { clause: "arguments.claimTaskSpace.name-not-a-string", why: "the non-string in the name position is rejected either way" },
    { clause: "task-context.use.switches", why: "switching between two spaces selected by name switches just the same" },
    { clause: "task-spaces.claim.does-not-select", why: "claiming by name does not select either" },
    { clause: "task-spaces.claim.keeps-tabs-and-profile", why: "claiming by name keeps tabs and profile just the same" },
    { clause: "arguments.useTaskSpace.id-null", why: "null is refused with the same TypeError where the key is a name" },
    { clause: "arguments.useTaskSpace.id-not-integer", why: "its core (a refusal is a TypeError) holds: a number is not a name either" },
    { clause: "arguments.useTaskSpace.id-negative", why: "its core (a refusal is a TypeError) holds: a number is not a name either" },
    { clause: "arguments.useTaskSpace.id-nan", why: "its core (a refusal is a TypeError) holds: a number is not a name either" },
    { clause: "user-control.unlisted.useTaskSpace", why: "its core is useTaskSpace's own answer for a user-owned space, which selecting by name gives the same way" },
    { clause: "user-control.unlisted.claimTaskSpace", why: "its core is claimTaskSpace's own answer, which claiming by name gives the same way" },
  ],
  "pre-listing-v2": [
    { clause: "arguments.createTaskSpace.no-space-on-throw", why: "the harness finds the spaces by name in the {taskIds} listing, which shows that none was left" },
    { clause: "arguments.listTaskSpaces.any-argument", why: "the older listing takes its arguments the same way" },
    { clause: "profiles.create.not-found-leaves-nothing", why: "no space by that name is in the {taskIds} listing either" },
    { clause: "task-spaces.claim.keeps-tabs-and-profile", why: "tabs and profile are read through listTabs and the create result, not the listing" },
    { clause: "task-spaces.close.removes", why: "a closed space's name leaves the {taskIds} listing as well" },
    { clause: "task-spaces.list.read-only", why: "listing twice changes no name in the {taskIds} listing and selects nothing" },
    { clause: "user-control.unlisted.listTaskSpaces", why: "its core is that listing works under user control, which the {taskIds} listing does too" },
  ],
  "cdp-getversion-unsupported": [
    { clause: "cdp.browser-getversion.answered", why: "its core is that Browser.getVersion is answered with its message's id; a build without it answers with a CDP error, which holds the core (whether a result comes is the open detail)" },
  ],
  "unstable-locators": [{ clause: "snapshot.page.loc.unique", why: "a unique locator is printed the same way; only ambiguous and unstable ones differ" }],
  "sentence-reasons": [{ clause: "user-control.reason-key.hand-off", why: "its core is the resolved EGO_TASK_SPACE_USER_IN_CONTROL object, which builds before reason keys also send; the key itself is its open detail" }],
};


/** Clauses that need any of `features`. */
export function requiring(features: readonly Feature[]): Clause[] {
  return CATALOGUE.filter((c) => c.features.some((f) => features.includes(f)));
}

/** Every feature the persona's build lacks: its own difference, and what the current build lacks too (the dialog fallback key). */
export function lacking(p: Persona): Feature[] {
  return FEATURE_NAMES.filter((f) => !p.features.has(f));
}

export const needsPages = (c: Clause) => (c.needs ?? []).includes("pages");

/** The judged clauses among `clauses` that the persona's difference predicts to fail, run ungated. */
export function predictedAmong(p: Persona, clauses: readonly Clause[]): string[] {
  const exempt = new Set((NEEDS_WITHOUT_EXERCISING[p.name] ?? []).map((x) => x.clause));
  const owning = new Set(requiring(lacking(p)).map((c) => c.id));
  return clauses.filter((c) => owning.has(c.id) && conformanceOf(c) !== "unspecified" && !exempt.has(c.id)).map((c) => c.id).sort();
}
