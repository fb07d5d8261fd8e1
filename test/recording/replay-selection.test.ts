// verify-fake replays exactly the recorded clauses: its --grep must select each of them both as a
// clause (`id: title`, src/run/select.ts) and as the tests vitest runs, a variant's included
// (`id [variant]: title`, src/harness/clause.ts). Before the fix a variant clause's tests were
// not replayed: the clause ended unknown on the fake, a judged difference no build made.
import { describe, expect, it } from "vitest";
import { replayGrep } from "../../src/cli/verify-fake.js";

describe("verify-fake's replay selection", () => {
  const grep = replayGrep(["user-control.reason-key.passes-through", "tabs.list.real-title"]);

  it("selects a recorded clause, and each of its variants' tests", () => {
    expect(grep.test("tabs.list.real-title: a tab opened on a page with a <title> is listed")).toBe(true);
    expect(grep.test("user-control.reason-key.passes-through: each documented reason key")).toBe(true);
    expect(grep.test("user-control.reason-key.passes-through [bluetooth]: each documented reason key")).toBe(true);
  });

  it("selects no other clause, nor one whose id only begins with a recorded id", () => {
    expect(grep.test("tabs.list.scoped-to-space: listTabs lists the space's tabs")).toBe(false);
    expect(grep.test("tabs.list.real-title-extra: not a clause")).toBe(false);
    expect(grep.test("x tabs.list.real-title: not at the start")).toBe(false);
  });
});
