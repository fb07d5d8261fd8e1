import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatShard, parseShard, shardSlice } from "../../src/matrix/shard.js";

describe("--shard i/n", () => {
  it.each([["1/1", 1, 1], ["2/3", 2, 3], [" 3/3 ", 3, 3], ["10/12", 10, 12]])("parses %j", (text, index, count) => {
    expect(parseShard(text)).toEqual({ index, count });
    expect(formatShard({ index, count })).toBe(`${index}/${count}`);
  });

  it.each(["0/3", "4/3", "1/0", "a/b", "1-3", "1/", "/3", "1/2/3", "-1/3", "1/1001"])("refuses %j", (text) => {
    expect(() => parseShard(text)).toThrow(/--shard/);
  });

  it("splits any target list into n disjoint slices whose union is the list, in plan order, balanced within one", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (targets, count) => {
        const slices = Array.from({ length: count }, (_, i) => shardSlice(targets, { index: i + 1, count }));
        const all = slices.flat();
        expect(all.length).toBe(targets.length);
        expect(new Set(all)).toEqual(new Set(targets));
        for (const slice of slices) {
          expect(slice).toEqual(targets.filter((t) => slice.includes(t))); // plan order kept
          expect(Math.abs(slice.length - targets.length / count)).toBeLessThan(1);
        }
      }),
    );
  });

  it("is deterministic: the same list and shard give the same slice on every machine", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), fc.integer({ min: 1, max: 6 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n }))), (targets, [count, index]) => {
        expect(shardSlice(targets, { index, count })).toEqual(shardSlice([...targets], { index, count }));
      }),
    );
  });
});
