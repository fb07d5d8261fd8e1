// The privacy filter and the normalisation, on calls made by hand: nothing of a space the run did
// not create survives (listing entries, a claimed space's name, a tab's URL and title, an error
// message quoting a name); ids, run names and fixture URLs become placeholders.
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { normaliseCalls } from "../../src/recording/normalise.js";
import { NOT_THE_RUNS, privateCalls } from "../../src/recording/privacy.js";

const RUN = "20261202-101010-abcdef";
const OWN = `ego-conformance ${RUN} some.clause space-1`;

function call(method: string, part: Partial<RecordedCall>): RecordedCall {
  return { probe: 1, method, args: [], channel: "resolved", failed: false, shape: "object", fields: {}, text: {}, ...part };
}

function calls(): RecordedCall[] {
  return [
    call("listTaskSpaces", {
      fields: { "taskSpaces[0].id": 3, "taskSpaces[1].id": 9, "taskSpaces[2].id": 12 },
      text: {
        "taskSpaces[0].name": "My bank secret",
        "taskSpaces[0].recentTabTitles[0]": "Balance secret",
        "taskSpaces[1].name": OWN,
        "taskSpaces[2].name": `ego-conformance ${RUN} other.clause space-1`,
      },
    }),
    call("claimTaskSpace", { args: [3], fields: { id: 3 }, text: { name: "My bank secret", taskId: "My bank secret" } }),
    call("listTabs", { fields: { "tabs[0].active": true }, text: { "tabs[0].url": "https://bank.example/secret", "tabs[0].title": "Balance secret", "tabs[1].url": "http://127.0.0.1:4321/page.html", "tabs[1].title": "fixture" } }),
    call("closeTaskSpace", { args: [], failed: true, text: { error: "cannot close 'My bank secret'" } }),
    call("closeTaskSpace", { fields: { value: "9 task space closed." } }),
  ];
}

describe("the privacy filter", () => {
  it("keeps the clause's own spaces, counts the rest, and scrubs what the others held", () => {
    const out = privateCalls(calls(), RUN, "some.clause");
    const text = JSON.stringify(out);
    expect(text).not.toContain("secret");
    expect(text).not.toContain("bank.example");
    expect(out[0]!.text).toMatchObject({ "taskSpaces[0].name": OWN, otherSpaces: 1, otherClauseSpaces: 1 });
    expect(out[0]!.fields).toEqual({ "taskSpaces[0].id": 9 });
    expect(out[1]!.text.name).toBe(NOT_THE_RUNS);
    expect(out[1]!.fields.id).toBe(3);
    expect(out[2]!.text["tabs[1].url"]).toBe("http://127.0.0.1:4321/page.html");
    expect(out[3]!.text.error).toBe(`cannot close '${NOT_THE_RUNS}'`);
  });

  it("a tab still loading (no URL yet, the blank page's title) loses its own URL and title, and the run's other tabs keep theirs", () => {
    // Chromium lists a tab whose navigation has not committed with no URL and the title of the
    // blank page it was made with: its title is one of the run's own URLs, no one's secret
    const loading = call("listTabs", { text: { "tabs[0].url": "about:blank", "tabs[0].title": "about:blank", "tabs[1].url": "", "tabs[1].title": "about:blank", "tabs[2].url": "data:text/html,mine", "tabs[2].title": "data:text/html,mine" } });
    const [out] = privateCalls([loading], RUN, "some.clause");
    expect(out!.text).toEqual({ "tabs[0].url": "about:blank", "tabs[0].title": "about:blank", "tabs[1].url": NOT_THE_RUNS, "tabs[1].title": NOT_THE_RUNS, "tabs[2].url": "data:text/html,mine", "tabs[2].title": "data:text/html,mine" });
  });

  it("a user's space whose recent tab is a blank page does not hide the run's own blank tabs", () => {
    const listing = call("listTaskSpaces", { fields: { "taskSpaces[0].id": 3 }, text: { "taskSpaces[0].name": "My bank secret", "taskSpaces[0].recentTabTitles[0]": "about:blank", "taskSpaces[0].recentTabTitles[1]": "Balance secret" } });
    const tabs = call("listTabs", { text: { "tabs[0].url": "about:blank", "tabs[0].title": "about:blank", "tabs[1].url": "data:text/html,Balance secret", "tabs[1].title": "Balance secret" } });
    const [, out] = privateCalls([listing, tabs], RUN, "some.clause");
    expect(out!.text).toEqual({ "tabs[0].url": "about:blank", "tabs[0].title": "about:blank", "tabs[1].url": `data:text/html,${NOT_THE_RUNS}`, "tabs[1].title": NOT_THE_RUNS });
  });

  it("without it, the same calls hold the user's names, titles and URLs (the test above can fail)", () => {
    expect(JSON.stringify(calls())).toContain("secret");
  });
});

describe("the normalisation", () => {
  it("makes ids, run names and fixture URLs placeholders, and leaves a name's numbers alone", () => {
    const out = normaliseCalls(privateCalls(calls(), RUN, "some.clause"), RUN);
    expect(out[0]!.text["taskSpaces[0].name"]).toBe("ego-conformance <run> some.clause space-1");
    expect(out[0]!.fields["taskSpaces[0].id"]).toBe("<space:2>");
    expect(out[1]!.args).toEqual(["<space:1>"]);
    expect(out[2]!.text["tabs[1].url"]).toBe("<fixture>/page.html");
    expect(out[4]!.fields.value).toBe("<space:2> task space closed.");
  });
});
