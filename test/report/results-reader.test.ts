import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import { tempDirPerTest } from "../support/temp-dir.js";
import { resultFileJson } from "./helpers.js";

let dir: string;
tempDirPerTest("ego-results-", (d) => (dir = d));

describe("readResults", () => {
  it("reads every *-result.json and ignores containers, attachments and environment files", async () => {
    await writeFile(join(dir, "b-result.json"), resultFileJson({ uuid: "b", clause: "tabs.list.one-active", status: "failed", message: "expected 1 active tab\nreceived 2" }));
    await writeFile(join(dir, "a-result.json"), resultFileJson({ uuid: "a", clause: "numeric-ids.x", status: "passed" }));
    await writeFile(join(dir, "c-container.json"), JSON.stringify({ uuid: "c", children: ["a"] }));
    await writeFile(join(dir, "d-attachment.txt"), "not json at all");
    await writeFile(join(dir, "environment.properties"), "target=fake\n");
    await writeFile(join(dir, "categories.json"), "[]");

    const results = await readResults(dir);
    expect(results.map((r) => r.uuid)).toEqual(["a", "b"]); // file-name order
    const failed = results[1]!;
    expect(failed.status).toBe("failed");
    expect(failed.message).toBe("expected 1 active tab\nreceived 2");
    expect(failed.trace).toContain("AssertionError");
    expect(failed.file).toBe(join(dir, "b-result.json"));
    expect(labelValue(failed, LABEL.clause)).toBe("tabs.list.one-active");
    expect(labelValue(failed, LABEL.targetKind)).toBe("fake");
    expect(failed.parameters).toEqual([{ name: "target", value: "fake" }]);
    expect(failed.start).toBeTypeOf("number");
  });

  it("treats a result without a status as unknown, and defaults absent labels to none", async () => {
    await writeFile(join(dir, "x-result.json"), JSON.stringify({ name: "no verdict" }));
    const [r] = await readResults(dir);
    expect(r).toMatchObject({ name: "no verdict", status: "unknown", labels: [], parameters: [] });
  });

  it("gives no results for an empty directory", async () => {
    expect(await readResults(dir)).toEqual([]);
  });

  it("fails on a missing directory, naming it", async () => {
    const missing = join(dir, "nope");
    await expect(readResults(missing)).rejects.toThrow(missing);
  });

  it("fails on a file that is not JSON, naming the file", async () => {
    await writeFile(join(dir, "ok-result.json"), resultFileJson({ uuid: "ok", clause: "tabs.x", status: "passed" }));
    await writeFile(join(dir, "bad-result.json"), "{ truncated");
    await expect(readResults(dir)).rejects.toThrow(/the Allure result .*bad-result\.json is not JSON/);
  });

  it("fails on an unknown status or a label without a value, naming the file and the field", async () => {
    await writeFile(join(dir, "s-result.json"), JSON.stringify({ name: "t", status: "exploded", labels: [] }));
    await expect(readResults(dir)).rejects.toThrow(/s-result\.json[\s\S]*status/);
    await rm(join(dir, "s-result.json"));
    await writeFile(join(dir, "l-result.json"), JSON.stringify({ name: "t", status: "passed", labels: [{ name: "clause" }] }));
    await expect(readResults(dir)).rejects.toThrow(/l-result\.json[\s\S]*labels/);
  });

  it("does not descend into subdirectories", async () => {
    await mkdir(join(dir, "nested"));
    await writeFile(join(dir, "nested", "n-result.json"), "{ broken");
    expect(await readResults(dir)).toEqual([]);
  });
});
