// The run's Allure writer without fsync (src/report/allure-results-reporter.ts): it must write
// exactly what allure-js's own writer writes, file for file, leave nothing half-written behind, and
// really be the writer the reporter uses (an allure-vitest upgrade that moves its runtime fails here).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FileSystemWriter } from "allure-js-commons/sdk/reporter";
import { Status, type TestResult, type TestResultContainer } from "allure-js-commons";
import { describe, expect, it } from "vitest";
import AllureResultsReporter, { UnsyncedResultsWriter } from "../../src/report/allure-results-reporter.js";
import { tempDir } from "../support/temp-dir.js";

const listing = (dir: string) => readdirSync(dir).sort();
const contents = (dir: string) => Object.fromEntries(listing(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));

describe("the unsynced Allure results writer", () => {
  it("writes what allure-js's writer writes: results, containers, attachments, copies, globals, environment, categories", async () => {
    const [synced, unsynced, source] = await Promise.all([tempDir("allure-synced"), tempDir("allure-unsynced"), tempDir("allure-source")]);
    const from = join(source, "attached.txt");
    writeFileSync(from, "a file attached by path\n");
    const result = { uuid: "r-1", name: "clause a", status: Status.PASSED, labels: [{ name: "suite", value: "s" }], steps: [], attachments: [], parameters: [], links: [] } as unknown as TestResult;
    const group = { uuid: "g-1", name: "file", children: ["r-1"], befores: [], afters: [] } as unknown as TestResultContainer;
    for (const writer of [new FileSystemWriter({ resultsDir: synced }), new UnsyncedResultsWriter(unsynced)]) {
      writer.writeResult(result);
      writer.writeGroup(group);
      writer.writeAttachment("a-attachment.txt", Buffer.from("snapshot text\n"));
      writer.writeAttachmentFromPath("b-attachment.txt", from);
      writer.writeGlobals("c-globals.json", { attachments: [], errors: [] });
      writer.writeEnvironmentInfo({ target: "fake" });
      writer.writeCategoriesDefinitions([{ name: "broken", matchedStatuses: [Status.BROKEN] }]);
    }
    expect(listing(unsynced)).toHaveLength(7);
    expect(contents(unsynced)).toEqual(contents(synced));
  });

  it("leaves no temporary file when a write fails", async () => {
    const dir = await tempDir("allure-unsynced-fail");
    const writer = new UnsyncedResultsWriter(dir);
    expect(() => writer.writeAttachmentFromPath("copy.txt", join(dir, "no-such-file"))).toThrow(/ENOENT/);
    expect(listing(dir)).toEqual([]);
  });

  it("is the writer the reporter hands its runtime", async () => {
    const dir = await tempDir("allure-unsynced-reporter");
    const reporter = new AllureResultsReporter({ resultsDir: dir });
    reporter.onInit({ projects: [] } as unknown as Parameters<AllureResultsReporter["onInit"]>[0]);
    expect(reporter.unsynced).toBe(true);
  });
});
