import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  environmentEntries,
  findExternalRequests,
  generateAllureReport,
  resolveAllureCli,
  writeEnvironment,
} from "../../src/report/allure-report.js";
import { LABEL } from "../../src/labels/labels.js";
import { resultFileJson } from "./helpers.js";
import { reportFile, reportFileNames } from "../support/report-data.js";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "ego-allure-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(p)));
    else out.push(p);
  }
  return out;
}

/** The test results a generated report shows, by name (the awesome plugin's data/test-results). */
async function reportResults(report: string): Promise<Map<string, { status: string; error?: { message?: string } }>> {
  const shown = new Map<string, { status: string; error?: { message?: string } }>();
  for (const name of await reportFileNames(report, "data/test-results/")) {
    const r = JSON.parse(await reportFile(report, name)) as { name: string; status: string; error?: { message?: string } };
    shown.set(r.name, r);
  }
  return shown;
}

describe("resolveAllureCli", () => {
  it("finds the Allure 3 CLI of the allure package", async () => {
    const cli = resolveAllureCli();
    expect(cli).toMatch(/[\\/]allure[\\/]cli\.js$/);
    expect(existsSync(cli)).toBe(true);
  });
});

describe("generateAllureReport", () => {
  it("generates an offline report from passed, failed and skipped results", { timeout: 60_000 }, async () => {
    const results = join(work, "allure-results");
    await mkdir(results);
    await writeFile(join(results, "p-result.json"), resultFileJson({ uuid: "p", clause: "numeric-ids.list.ids-unique", status: "passed", name: "ids are unique" }));
    await writeFile(join(results, "f-result.json"), resultFileJson({ uuid: "f", clause: "tabs.list.one-active", status: "failed", name: "one active tab", message: "expected 1 active tab, got 2" }));
    await writeFile(join(results, "s-result.json"), resultFileJson({ uuid: "s", clause: "cdp.events", status: "skipped", name: "cdp events", notApplicable: "needs:cdp-traffic" }));
    const n = JSON.parse(resultFileJson({ uuid: "n", clause: "profiles.list.shape", status: "skipped", name: "profiles list", notApplicable: "feature:profiles", message: "not applicable: needs the 'profiles' feature" }));
    await writeFile(join(results, "n-result.json"), JSON.stringify(n));
    const pf = JSON.parse(resultFileJson({ uuid: "pf", clause: "task-spaces.claim.renames", status: "broken", name: "claim renames", message: "precondition failed (owned by task-spaces.create.result-shape): could not create a task space" }));
    pf.labels.push({ name: LABEL.outcome, value: "precondition-failed" }, { name: LABEL.preconditionOwner, value: "task-spaces.create.result-shape" });
    await writeFile(join(results, "pf-result.json"), JSON.stringify(pf));
    await writeEnvironment(results, environmentEntries({ target: "fake", egoVersion: "0.5.0.19", persona: "0.5.0.19" }));
    const before = await readFile(join(results, "pf-result.json"), "utf8");

    const { indexHtml, stripped } = await generateAllureReport({ resultsDir: "allure-results", outputDir: "report", cwd: work });

    expect(indexHtml).toBe(join(work, "report", "index.html"));
    const html = await readFile(indexHtml, "utf8");
    expect(html).toContain("Ego Lite conformance");
    expect(findExternalRequests(html)).toEqual([]);
    expect(stripped["index.html"]).toBe(2); // the gtag loader and its inline config
    for (const file of await allFiles(join(work, "report"))) {
      expect(await readFile(file, "utf8"), file).not.toContain("googletagmanager");
    }

    // environment.properties shows as metadata
    const env = JSON.parse(await reportFile(join(work, "report"), "widgets/allure_environment.json")) as { name: string; values: string[] }[];
    expect(env).toContainEqual({ name: "Ego Lite version", values: ["0.5.0.19"] });
    expect(env).toContainEqual({ name: "target", values: ["fake"] });

    // categories come from allurerc.mjs
    const categories = await reportFile(join(work, "report"), "widgets/categories.json");
    expect(categories).toContain("Contract violations");
    expect(categories).toContain("Not applicable");
    expect(categories).not.toContain("Product errors");

    // the report is made from the view (src/report/allure-view.ts): a precondition failure is
    // skipped in its own category, never "Broken"; a not-applicable reason is no "Error"
    expect(await readFile(join(results, "pf-result.json"), "utf8")).toBe(before); // the results stay as they were
    const shown = await reportResults(join(work, "report"));
    expect(shown.get("claim renames")?.status).toBe("skipped");
    expect(shown.get("profiles list")?.status).toBe("skipped");
    expect(shown.get("profiles list")?.error?.message).toBeUndefined();
    expect(JSON.stringify(shown.get("profiles list"))).toContain("Not applicable");
    expect(categories).toContain("Precondition failed");
    expect(await readdir(tmpdir()).then((names) => names.filter((n) => n.startsWith("ego-conformance-allure-view-")))).toEqual([]);

    // history goes next to the report, relative to cwd
    expect(existsSync(join(work, "reports", "allure-history.jsonl"))).toBe(true);

    // a second generation replaces the first report instead of nesting beside it
    await generateAllureReport({ resultsDir: "allure-results", outputDir: "report", cwd: work });
    expect(existsSync(join(work, "report", "awesome"))).toBe(false);
  });

  it("shows the quality gate in the report: allurerc's egoVerdict counted by clause, and the release gate's verdict", { timeout: 60_000 }, async () => {
    const results = join(work, "qg-results");
    await mkdir(results);
    // one clause failed in two variants, another passed: one clause fails the run, not two
    await writeFile(join(results, "a-result.json"), resultFileJson({ uuid: "a", clause: "tabs.list.one-active", status: "failed", name: "one active tab [a]", message: "two active" }));
    await writeFile(join(results, "b-result.json"), resultFileJson({ uuid: "b", clause: "tabs.list.one-active", status: "failed", name: "one active tab [b]", message: "two active" }));
    await writeFile(join(results, "c-result.json"), resultFileJson({ uuid: "c", clause: "numeric-ids.list.ids-unique", status: "passed", name: "ids are unique" }));
    await writeEnvironment(results, environmentEntries({ target: "fake", egoVersion: "0.5.1.13" }));
    const verdict = { rule: "releaseGate", success: false, message: "DO NOT SHIP: 1 clause(s) failed (contract violations)", expected: "ship", actual: "do not ship" };
    await generateAllureReport({ resultsDir: "qg-results", outputDir: "qg-report", cwd: work, verdict });
    const shown = JSON.parse(await reportFile(join(work, "qg-report"), "widgets/quality-gate.json")) as Record<string, { rule: string; success: boolean; actual: unknown; message: string; testResults?: string[] }[]>;
    const all = Object.values(shown).flat();
    expect(all.map((r) => r.rule).sort()).toEqual(["egoVerdict", "releaseGate"]);
    const ego = all.find((r) => r.rule === "egoVerdict")!;
    expect(ego).toMatchObject({ success: false, actual: 1 });
    expect(ego.message).toContain("1 clause(s) fail the run");
    expect(all.find((r) => r.rule === "releaseGate")).toMatchObject({ success: false, message: verdict.message });
  });

  it("refuses to overwrite a directory that is not a report", async () => {
    const results = join(work, "r2");
    await mkdir(results);
    const precious = join(work, "precious");
    await mkdir(precious);
    await writeFile(join(precious, "notes.txt"), "keep me");
    await expect(generateAllureReport({ resultsDir: results, outputDir: precious, cwd: work })).rejects.toThrow(/refusing the report directory .*precious: it is not empty and was not made by ego-conformance/);
    expect(await readFile(join(precious, "notes.txt"), "utf8")).toBe("keep me");
    await expect(generateAllureReport({ resultsDir: results, outputDir: work, cwd: work })).rejects.toThrow(/working directory/);
  });

  it("fails on a missing results directory", async () => {
    await expect(generateAllureReport({ resultsDir: "nope", outputDir: "out", cwd: work })).rejects.toThrow(/does not exist/);
  });
});
