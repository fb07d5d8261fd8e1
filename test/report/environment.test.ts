import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { environmentEntries, escapeKey, escapeValue, writeEnvironment } from "../../src/report/environment.js";
import { tempDirPerTest } from "../support/temp-dir.js";

let dir: string;
tempDirPerTest("ego-env-", (d) => (dir = d));

describe("environmentEntries", () => {
  it("lists the target, the version, the persona, node and the OS, in that order", () => {
    const entries = environmentEntries({ target: "fake", targetName: "fake 0.5.0.19", egoVersion: "0.5.0.19", persona: "0.5.0.19", extra: { "run id": "r1" } });
    expect(entries.map(([k]) => k)).toEqual(["target", "target name", "Ego Lite version", "persona", "node", "os", "run id"]);
    expect(Object.fromEntries(entries).node).toBe(process.version);
  });

  it("omits what a run does not have", () => {
    const keys = environmentEntries({ target: "installed", egoVersion: "unknown" }).map(([k]) => k);
    expect(keys).toEqual(["target", "Ego Lite version", "node", "os"]);
  });
});

describe("writeEnvironment", () => {
  it("writes environment.properties with escaped keys and values, creating the directory", async () => {
    const resultsDir = join(dir, "allure-results");
    const file = await writeEnvironment(resultsDir, [["Ego Lite version", "0.5.0.19"], ["cli", "C:\\ego\\ego-browser"], ["note", " two\nlines"]]);
    expect(file).toBe(join(resultsDir, "environment.properties"));
    expect(await readFile(file, "utf8")).toBe("Ego\\ Lite\\ version=0.5.0.19\ncli=C:\\\\ego\\\\ego-browser\nnote=\\ two\\nlines\n");
  });

  it("accepts a plain record", async () => {
    await writeEnvironment(dir, { target: "fake" });
    expect(await readFile(join(dir, "environment.properties"), "utf8")).toBe("target=fake\n");
  });

  it("escapes separators and comment starters in keys", () => {
    expect(escapeKey("a=b:c #!d")).toBe("a\\=b\\:c\\ \\#\\!d");
    expect(escapeValue("x = y: #z")).toBe("x = y: #z");
  });
});
