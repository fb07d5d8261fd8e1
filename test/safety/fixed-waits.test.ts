// No test waits a fixed time over 100 ms without saying why: in test/ and suites/ a
// test waits for a condition with a bound; a window that proves nothing happens has a `window:` comment.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFilesUnder } from "../support/source-files.js";
import { unjustifiedFixedWaits } from "./fixed-waits.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["test", "suites"];
/** this file's own examples are strings, not waits */
const SELF = resolve(import.meta.filename);

describe("the fixed-wait reader", () => {
  it("finds sleeps over the limit or of an unknown length, and leaves bounds, short polls and justified windows", () => {
    const text = [
      "await new Promise((r) => setTimeout(r, 300));", // 1: a fixed wait
      "await new Promise((r) => setTimeout(r, 50));", // 2: a poll step
      "await new Promise((resolve) => setTimeout(resolve, 12_000 - (Date.now() - start)));", // 3: unknown length
      "await p.sleep(200);", // 4
      "await page.waitForTimeout(600);", // 5
      "// window: the mutant closes spaces after 120 ms; 180 ms shows the clean fake keeps them",
      "await sleep(180);", // 7: justified
      'setTimeout(() => reject(new Error("too slow")), 5_000);', // 8: a bound
      "await setTimeout(1_000); // from node:timers/promises", // 9: the window: comment above is not right above it
      "const timer = setTimeout(() => child.kill(), 30_000);", // 10: a bound
      " * the doc says: await sleep(1000) is not what we do", // 11: a doc comment
    ].join("\n");
    expect(unjustifiedFixedWaits(text).map((w) => [w.line, w.ms])).toEqual([
      [1, 300],
      [3, null],
      [4, 200],
      [5, 600],
      [9, 1000],
    ]);
  });
});

describe("test/ and suites/", () => {
  it("wait for conditions, not fixed times: no sleep over 100 ms without a window: comment", () => {
    const offenders = SCANNED.flatMap((dir) =>
      sourceFilesUnder(join(ROOT, dir)).filter((file) => file !== SELF).flatMap((file) => unjustifiedFixedWaits(readFileSync(file, "utf8")).map((w) => `${relative(ROOT, file)}:${w.line} ${w.text}`)),
    );
    expect(offenders).toEqual([]);
  });
});
