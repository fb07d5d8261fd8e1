// The snapshot suites' waits and checks record the kind of answer they stopped on, so attribution
// (src/outcomes/attribution.ts) lays a precondition failure on its owner only when the owner failed
// on an answer of the same kind, never on "the owner failed anywhere in the run".
import { describe, expect, it } from "vitest";
import { observedBroken, whyNotAttributed } from "../../src/outcomes/attribution.js";
import { outcomeOfError } from "../../src/outcomes/of-error.js";
import type { ClauseContext } from "../../src/harness/clause.js";
import type { Observation } from "../../src/probe/observation.js";
import { CAPTURES_NEW_TAB, notShown } from "../../suites/snapshot/created-tab.js";
import { takeSnapshot } from "../../suites/snapshot/fixture-page.js";

const URL = "http://127.0.0.1:1/links.html";
const PAGE_CLAUSE = "snapshot.page.content-tree";
const blank: Observation = { call: "snapshot({})", channel: "resolved", value: { content: "root", refs: [] } } as unknown as Observation;
const gone: Observation = { call: "snapshot({})", channel: "rejected", error: { isError: true, isTypeError: false, errorCodeIsOwn: true, error_code: "EGO_WEB_CONTENTS_UNAVAILABLE", message: "gone" } } as unknown as Observation;
const noTarget: Observation = { call: `createTab("${URL}")`, channel: "resolved", value: { error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" } } as unknown as Observation;

/** The results of a run in which the owner failed on `ownerAnswer` and `clause` was stopped by `error`. */
function attributed(error: unknown, clause: string, owner: string, ownerAnswer: string | undefined) {
  const stopped = outcomeOfError(error, clause);
  const broken = observedBroken([{ clause: owner, outcome: "failed", failedOn: ownerAnswer === undefined ? [] : [ownerAnswer] }]);
  return { stopped, why: whyNotAttributed({ clause, outcome: stopped.outcome, owner: "owner" in stopped ? stopped.owner : undefined, answer: stopped.answer }, broken) };
}

describe("a page that did not show", () => {
  it("names the owner of the stage it stopped at, with the kind of answer it stopped on", () => {
    const content = notShown({ stage: "content", last: blank, targetId: "T" }, URL, "'End of the links page'");
    expect([content.owner, content.answer]).toEqual([CAPTURES_NEW_TAB, "snapshot resolved a value"]);
    const snapshot = notShown({ stage: "snapshot", last: gone, targetId: "T" }, URL, "");
    expect([snapshot.owner, snapshot.answer]).toEqual(["snapshot.result-shape", 'snapshot rejected an Error with error_code "EGO_WEB_CONTENTS_UNAVAILABLE"']);
    const createTab = notShown({ stage: "createTab", last: noTarget }, URL, "");
    expect([createTab.owner, createTab.answer]).toEqual(["tabs.create.result", 'createTab resolved an error object with error_code "EGO_TASK_SPACE_NOT_SELECTED"']);
  });

  it("is the owner's own failure on that answer in the owner's probes, and stands on a dependent only on the same kind", () => {
    const error = notShown({ stage: "content", last: blank, targetId: "T" }, URL, "the page");
    const own = outcomeOfError(error, CAPTURES_NEW_TAB);
    expect([own.outcome, own.answer]).toEqual(["failed", "snapshot resolved a value"]);
    expect(attributed(error, PAGE_CLAUSE, CAPTURES_NEW_TAB, own.answer).why).toBeUndefined();
    // the owner failed on another answer (its snapshot rejected): this stop is not its failure
    expect(attributed(error, PAGE_CLAUSE, CAPTURES_NEW_TAB, 'snapshot rejected an Error with error_code "EGO_SNAPSHOT_FAILED"').why).toMatch(/failed on snapshot rejected/);
  });
});

describe("a page clause's own snapshot", () => {
  const ctxAnswering = (obs: Observation) => ({ ego: { evaluate: async () => obs }, clause: { id: PAGE_CLAUSE } }) as unknown as ClauseContext;

  it("that does not resolve fails the clause on that answer, so what it stopped is laid on it only for the same answer", async () => {
    const error = await takeSnapshot(ctxAnswering(gone), 7).then(() => undefined, (e: unknown) => e);
    const own = outcomeOfError(error, PAGE_CLAUSE);
    expect([own.outcome, own.answer]).toEqual(["failed", 'snapshot rejected an Error with error_code "EGO_WEB_CONTENTS_UNAVAILABLE"']);
  });

  it("that resolves {content, refs} is returned", async () => {
    expect(await takeSnapshot(ctxAnswering(blank), 7)).toEqual({ content: "root", refs: [] });
  });
});
