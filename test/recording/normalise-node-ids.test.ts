// Node ids are a page's own numbering, a renderer's (docs/verified-fake.md): short or long, they
// become placeholders, numbered per call and per frame in the order they first appear (another
// page of the clause, or an out-of-process frame, numbers its nodes on its own), and a short id
// does not rewrite other text. A snapshot's refIds are its own numbering too: per call.
// The snapshots below are made into recorded calls by the recorder's own reading of a value
// (callValue), so the fields sit where a recording puts them (a ref's frameId is free text).
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { callValue } from "../../src/probe/call-fields.js";
import { normaliseCalls } from "../../src/recording/normalise.js";

const RUN = "20261202-101010-abcdef";

function snapshot(ids: number[], title: string, frames: (string | undefined)[] = [], refIds: number[] = []): RecordedCall {
  const refs = ids.map((backendNodeId, i) => ({
    ...(refIds[i] !== undefined ? { refId: refIds[i] } : {}),
    backendNodeId,
    ...(frames[i] !== undefined ? { frameId: frames[i] } : {}),
    role: "button",
    name: "",
  }));
  const { shape, fields, text } = callValue({ started: 1, method: "snapshot", args: [], channel: "resolved", failed: false, value: { content: title, refs } });
  return { probe: 1, method: "snapshot", args: [], channel: "resolved", failed: false, shape, fields, text };
}

const nodeIds = (call: RecordedCall) => Object.fromEntries(Object.entries(call.fields).filter(([k]) => k.endsWith(".backendNodeId")));
const refIdsOf = (call: RecordedCall) => Object.fromEntries(Object.entries(call.fields).filter(([k]) => k.endsWith(".refId")));

describe("node ids in a recording", () => {
  it("a backendNodeId of any length becomes a placeholder, numbered per call in the order it first appears", () => {
    const a = normaliseCalls([snapshot([7, 12, 7], "page 7"), snapshot([12345, 7], "t")], RUN);
    expect(nodeIds(a[0]!)).toEqual({ "refs[0].backendNodeId": "<backendNodeId:1>", "refs[1].backendNodeId": "<backendNodeId:2>", "refs[2].backendNodeId": "<backendNodeId:1>" });
    expect(nodeIds(a[1]!)).toEqual({ "refs[0].backendNodeId": "<backendNodeId:1>", "refs[1].backendNodeId": "<backendNodeId:2>" });
  });

  it("an out-of-process frame's node ids are its own: the same number in another frame is another node", () => {
    const a = normaliseCalls([snapshot([2, 3, 2, 5], "x", [undefined, undefined, "F1", "F1"])], RUN);
    const b = normaliseCalls([snapshot([2, 3, 3, 5], "x", [undefined, undefined, "F1", "F1"])], RUN);
    expect(a[0]!.fields).toEqual(b[0]!.fields);
    expect(a[0]!.fields["refs[2].backendNodeId"]).not.toBe(a[0]!.fields["refs[0].backendNodeId"]);
  });

  it("reads a ref's frameId where the recording keeps it (free text), so a frame's ids that repeat the page's are told apart", () => {
    const frames = [undefined, undefined, "F1", "F1"];
    expect(snapshot([2, 3, 2, 5], "x", frames).text["refs[2].frameId"]).toBe("F1");
    // which of the page's ids the frame repeats is the renderers' numbering: the recordings compare equal either way
    const a = normaliseCalls([snapshot([2, 3, 2, 5], "x", frames)], RUN);
    const b = normaliseCalls([snapshot([2, 3, 9, 3], "x", frames)], RUN);
    expect(nodeIds(a[0]!)).toEqual(nodeIds(b[0]!));
    expect(nodeIds(a[0]!)).toEqual({ "refs[0].backendNodeId": "<backendNodeId:1>", "refs[1].backendNodeId": "<backendNodeId:2>", "refs[2].backendNodeId": "<backendNodeId:3>", "refs[3].backendNodeId": "<backendNodeId:4>" });
  });

  it("a snapshot's refIds are numbered per call in the order they first appear: a build numbers them as it likes, and a repeated refId stays repeated", () => {
    const a = normaliseCalls([snapshot([2, 3, 4], "x", [], [7, 1, 4])], RUN);
    const b = normaliseCalls([snapshot([2, 3, 4], "x", [], [4, 5, 6])], RUN);
    expect(refIdsOf(a[0]!)).toEqual({ "refs[0].refId": "<refId:1>", "refs[1].refId": "<refId:2>", "refs[2].refId": "<refId:3>" });
    expect(refIdsOf(a[0]!)).toEqual(refIdsOf(b[0]!));
    const twice = normaliseCalls([snapshot([2, 3], "x", [], [5, 5])], RUN);
    expect(refIdsOf(twice[0]!)).toEqual({ "refs[0].refId": "<refId:1>", "refs[1].refId": "<refId:1>" });
  });

  it("two pages that number their nodes differently record the same", () => {
    const a = normaliseCalls([snapshot([7, 12], "x")], RUN);
    const b = normaliseCalls([snapshot([31, 40], "x")], RUN);
    expect(a[0]!.fields).toEqual(b[0]!.fields);
  });

  it("a snapshot's text prints its refs with the same placeholders as its refs", () => {
    const [call] = normaliseCalls([snapshot([2, 3], 'root\n  button [ref=7]\n  button "page 9" [ref=9]', [], [7, 9])], RUN);
    expect(call!.text.content).toBe('root\n  button [ref=<refId:1>]\n  button "page 9" [ref=<refId:2>]');
  });

  it("a short node id leaves the free text's numbers alone", () => {
    const a = normaliseCalls([snapshot([7], "page 7 of 17")], RUN);
    expect(a[0]!.text.content).toBe("page 7 of 17");
  });
});
