// What --update-expectations suggests and writes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { judgeRun, parseExpectations, suggestUpdates, writeUpdates } from "../../src/expectations/index.js";
import { result, clause } from "../report/helpers.js";
import { entry, fileOf } from "./helpers.js";
import { tempDir } from "../support/temp-dir.js";

const catalogue = [clause("tabs.list.shape"), clause("tabs.create.result"), clause("tabs.list.one-active")];
const TODAY = "2026-06-01";

describe("suggested updates", () => {
  const loaded = parseExpectations(
    fileOf(
      entry({ clause: "tabs.create.result", reason: "passes now" }),
      entry({ clause: "tabs.list.one-active", message: "old reason" }),
      entry({ clause: "tabs.list.gone" }),
    ),
    "exp.json",
  );
  const results = [
    result({ clause: "tabs.list.shape", status: "broken", message: "new breakage\nsecond line" }),
    result({ clause: "tabs.create.result", status: "passed" }),
    result({ clause: "tabs.list.one-active", status: "failed", message: "another reason" }),
  ];
  const outcome = judgeRun(results, loaded, { catalogue, platform: "linux", today: TODAY });
  const update = suggestUpdates(outcome, loaded, CATALOGUE.filter((c) => c.id !== "tabs.list.gone"), TODAY);

  it("adds new failures scoped to the run, unreviewed (owner unassigned, bug TODO, 30 days)", () => {
    expect(update.add).toEqual([
      {
        clause: "tabs.list.shape",
        when: { target: "fake", egoVersion: "0.5.0.19" },
        expected: ["broken"],
        reason: "observed on Ego Lite 0.5.0.19 (fake): new breakage",
        bug: "TODO",
        owner: "unassigned",
        expires: "2026-07-01",
        generated: expect.stringContaining("--update-expectations --write on 2026-06-01"),
      },
    ]);
  });

  it("removes the entry behind an unexpected pass and the orphan; asks a human about a failure for another reason", () => {
    expect(update.remove.map((r) => [r.entry.index, r.why])).toEqual([
      [0, "unexpected pass: tabs.create.result passed"],
      [2, "matches no clause of the catalogue"],
    ]);
    expect(update.review).toEqual([expect.stringMatching(/^tabs\.list\.one-active: failed for another reason than entry #2 .*another reason/)]);
  });

  it("writes removals and additions, keeping the other entries", async () => {
    const file = join(await tempDir("update"), "exp.json");
    await writeUpdates(file, loaded, update);
    const written = JSON.parse(await readFile(file, "utf8"));
    expect(written.entries.map((e: { clause: string }) => e.clause)).toEqual(["tabs.list.one-active", "tabs.list.shape"]);
    expect(() => parseExpectations(written, file)).not.toThrow();
  });
});
