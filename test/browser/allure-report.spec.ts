/**
 * The run's Allure report opens as the README says: `reports/allure-report/index.html`, opened
 * from file:// in Chromium, renders its results (not the loading spinner forever), with no
 * request beyond the file itself. A real `ego-conformance run` in a scratch working directory
 * writes it where the README names it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { expect, test } from "@playwright/test";
import { reportFile } from "../support/report-data.js";

const ROOT = resolve(import.meta.dirname, "../..");
let scratch: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  scratch = await mkdtemp(join(tmpdir(), "ego-conformance-allure-page-"));
  const run = await execa(process.execPath, [join(ROOT, "bin/ego-conformance.mjs"), "run", "--area", "task-state", "--pages", "model"], { cwd: scratch, reject: false, stdin: "ignore", timeout: 110_000 });
  if (run.exitCode !== 0) throw new Error(`ego-conformance run failed (exit ${run.exitCode}):\n${run.stderr}\n${run.stdout}`);
});

test.afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test("reports/allure-report/index.html opened from file:// renders the run's results", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const failed: string[] = [];
  page.on("requestfailed", (r) => failed.push(`${r.url()}: ${r.failure()?.errorText ?? "?"}`));
  const index = join(scratch, "reports", "allure-report", "index.html");
  await page.goto(pathToFileURL(index).href);
  // the results tree, grouped by area: the data loaded and the app rendered (not the loading spinner)
  const area = page.getByText("task-state", { exact: true }).first();
  await expect(area).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Metadata", { exact: false }).first()).toBeVisible();
  await area.click();
  // one level down, the method; then the clause's result by name
  await page.getByText("setAgentTaskState", { exact: true }).first().click();
  await expect(page.getByText("task-state.set.status", { exact: false }).first()).toBeVisible();
  expect(failed).toEqual([]);
  expect(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
});

test("its quality gate says what `gate` says of the same run, and counts clauses", async () => {
  const gate = await execa(process.execPath, [join(ROOT, "bin/ego-conformance.mjs"), "gate", "--json"], { cwd: scratch, reject: false, stdin: "ignore", timeout: 60_000 });
  const decision = JSON.parse(gate.stdout) as { ship: boolean; reasons: string[] };
  expect(gate.exitCode).toBe(decision.ship ? 0 : 1);
  const shown = JSON.parse(await reportFile(join(scratch, "reports", "allure-report"), "widgets/quality-gate.json")) as Record<string, { rule: string; success: boolean; message: string; actual: unknown }[]>;
  const rules = Object.values(shown).flat();
  const release = rules.find((r) => r.rule === "releaseGate")!;
  expect(release.success).toBe(decision.ship);
  for (const reason of decision.reasons) expect(release.message).toContain(reason);
  // the run's own verdict (exit 0): no clause fails it
  expect(rules.find((r) => r.rule === "egoVerdict")).toMatchObject({ success: true, actual: 0 });
});
