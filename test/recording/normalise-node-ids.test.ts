// Node ids are a page's own numbering, a renderer's (docs/verified-fake.md): short or long, they
// become placeholders, numbered per call and per frame in the order they first appear (another
// page of the clause, or an out-of-process frame, numbers its nodes on its own), and a short id
// does not rewrite other text.
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/probe/call-recorder.js";
import { normaliseCalls } from "../../src/recording/normalise.js";

const RUN = "20261202-101010-abcdef";

function snapshot(ids: number[], title: string, frames: (string | undefined)[] = []): RecordedCall {
  const fields: Record<string, number | string> = Object.fromEntries(ids.map((id, i) => [`refs[${i}].backendNodeId`, id]));
  frames.forEach((f, i) => {
    if (f !== undefined) fields[`refs[${i}].frameId`] = f;
  });
  return { probe: 1, method: "snapshot", args: [], channel: "resolved", failed: false, shape: "object", fields, text: { title } };
}

describe("node ids in a recording", () => {
  it("a backendNodeId of any length becomes a placeholder, numbered per call in the order it first appears", () => {
    const a = normaliseCalls([snapshot([7, 12, 7], "page 7"), snapshot([12345, 7], "t")], RUN);
    expect(a[0]!.fields).toEqual({ "refs[0].backendNodeId": "<backendNodeId:1>", "refs[1].backendNodeId": "<backendNodeId:2>", "refs[2].backendNodeId": "<backendNodeId:1>" });
    expect(a[1]!.fields).toEqual({ "refs[0].backendNodeId": "<backendNodeId:1>", "refs[1].backendNodeId": "<backendNodeId:2>" });
  });

  it("an out-of-process frame's node ids are its own: the same number in another frame is another node", () => {
    const a = normaliseCalls([snapshot([2, 3, 2, 5], "x", [undefined, undefined, "F1", "F1"])], RUN);
    const b = normaliseCalls([snapshot([2, 3, 3, 5], "x", [undefined, undefined, "F1", "F1"])], RUN);
    expect(a[0]!.fields).toEqual(b[0]!.fields);
    expect(a[0]!.fields["refs[2].backendNodeId"]).not.toBe(a[0]!.fields["refs[0].backendNodeId"]);
  });

  it("two pages that number their nodes differently record the same", () => {
    const a = normaliseCalls([snapshot([7, 12], "x")], RUN);
    const b = normaliseCalls([snapshot([31, 40], "x")], RUN);
    expect(a[0]!.fields).toEqual(b[0]!.fields);
  });

  it("a short node id leaves the free text's numbers alone", () => {
    const a = normaliseCalls([snapshot([7], "page 7 of 17")], RUN);
    expect(a[0]!.text.title).toBe("page 7 of 17");
  });
});
