/** Builders for expectation entries and files in the expectations tests. */
import type { ExpectationEntry, IndexedEntry } from "../../src/expectations/index.js";

export function entry(extra: Partial<ExpectationEntry> & Pick<ExpectationEntry, "clause">): ExpectationEntry {
  return { expected: ["failed"], reason: "a reason for the test", bug: "https://bugs.example.test/1", owner: "alice", expires: "2099-12-31", ...extra };
}

export function indexed(...entries: ExpectationEntry[]): IndexedEntry[] {
  return entries.map((e, index) => ({ index, entry: e }));
}

export function fileOf(...entries: ExpectationEntry[]): { entries: ExpectationEntry[] } {
  return { entries };
}
