// The library's gate says what the `gate` command says: compareOutcomes carries the warnings of a
// baseline of another target kind or version, and the baseline is read as the command reads it.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as library from "../../src/api/index.js";
import { outcomesFixture } from "../safety/outcomes-fixture.js";
import { tempDir } from "../support/temp-dir.js";

describe("the library's gate", () => {
  it("compareOutcomes warns of a baseline of another target kind or Ego Lite version", () => {
    const current = outcomesFixture();
    const fakeOfOlder = { ...outcomesFixture(), target: "fake", egoVersion: "0.5.0.19" };
    expect(library.compareOutcomes(fakeOfOlder, current).warnings).toEqual([
      "the baseline is of target kind fake, this run of installed",
      "the baseline is of Ego Lite 0.5.0.19, this run of 0.5.1.13",
    ]);
    expect(library.compareOutcomes(outcomesFixture(), current).warnings).toEqual([]);
    expect(library.judgeContract(current).warnings).toEqual([]);
  });

  it("reads a baseline as gate --baseline does: its outcomes and its file, or CannotDecideError", async () => {
    const dir = await tempDir("library-gate");
    const file = join(dir, "0.5.1.13.json");
    await writeFile(file, JSON.stringify(outcomesFixture()));
    const read = await library.readBaseline({ argument: "0.5.1.13", dir });
    expect(read).toEqual({ outcomes: outcomesFixture(), file });
    await expect(library.readBaseline({ argument: "0.5.1.14", dir })).rejects.toThrow(library.CannotDecideError);
    await expect(library.readBaseline({ argument: "0.5.1.14", dir })).rejects.toThrow(/cannot decide: the baseline .*0\.5\.1\.14\.json cannot be read/);
  });
});
