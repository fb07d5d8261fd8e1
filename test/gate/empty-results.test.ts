// `gate --results EMPTYDIR` once said "do not ship" (exit 1) with every clause
// "unknown". With no run to judge the gate cannot decide: reading a results directory that holds
// no result is an error (the CLI's CannotDecideError, exit 2), for gate and baseline save alike.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRun } from "../../src/gate/current-run.js";
import { ENVIRONMENT_FILE } from "../../src/report/environment.js";
import { tempDir } from "../support/temp-dir.js";

describe("a results directory with no result in it is no run", () => {
  it("an empty directory", async () => {
    const dir = await tempDir("empty-results");
    await expect(readRun({ results: dir })).rejects.toThrow(new RegExp(`${dir}.*no Allure result`));
  });

  it("a directory with an environment but no *-result.json", async () => {
    const dir = await tempDir("empty-results");
    await writeFile(join(dir, ENVIRONMENT_FILE), "run\\ id = 20261130-124501-3fa9c2\n");
    await writeFile(join(dir, "categories.json"), "[]");
    await expect(readRun({ results: dir })).rejects.toThrow(/no Allure result/);
  });
});
