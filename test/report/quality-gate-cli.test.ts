// `allure quality-gate` with the repo's allurerc.mjs gives the run's verdict: a contract violation
// fails it, a known failure, a not-applicable clause and an unspecified observation do not.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { REPO_ALLURE_CONFIG, resolveAllureCli } from "../../src/report/allure-report.js";
import { tempDir } from "../support/temp-dir.js";
import { pathToFileURL } from "node:url";
import { readResults } from "../../src/report/results-reader.js";

async function results(dir: string, specs: { status: string; labels?: Record<string, string> }[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const [i, spec] of specs.entries()) {
    const labels = Object.entries({ clause: `tabs.c${i}`, ...spec.labels }).map(([name, value]) => ({ name, value }));
    await writeFile(join(dir, `r${i}-result.json`), JSON.stringify({ uuid: `u${i}`, historyId: `h${i}`, name: `tabs.c${i}: t`, fullName: `f${i}`, status: spec.status, stage: "finished", labels, start: 1, stop: 2, steps: [], attachments: [], parameters: [] }));
  }
  return dir;
}

/** Allure's quality-gate command uses iterator helpers (Node 22); on Node 20 it throws before judging anything. */
const ITERATOR_HELPERS = typeof (new Map().values() as unknown as { toArray?: unknown }).toArray === "function";

const gate = (dir: string, cwd: string) => execa(process.execPath, [resolveAllureCli(), "quality-gate", dir, "--config", REPO_ALLURE_CONFIG], { cwd, reject: false, timeout: 60_000 });

/** The config's rules applied as Allure's QualityGate applies them (each rule key of each ruleset, through `use`). */
async function judged(dir: string): Promise<boolean> {
  const config = ((await import(pathToFileURL(REPO_ALLURE_CONFIG).href)) as { default: { qualityGate: { rules: Record<string, unknown>[]; use: { rule: string; validate(a: { trs: unknown[]; expected: unknown }): Promise<{ success: boolean }> }[] } } }).default;
  const trs = (await readResults(dir)).map((r) => ({ status: r.status, labels: r.labels }));
  for (const ruleset of config.qualityGate.rules)
    for (const [key, expected] of Object.entries(ruleset)) {
      const rule = config.qualityGate.use.find((r) => r.rule === key);
      if (rule === undefined) throw new Error(`no rule ${key}`);
      if (!(await rule.validate({ trs, expected })).success) return false;
    }
  return true;
}

describe("the Allure quality gate", () => {
  it("its rules pass what the run passes and fail what it fails", async () => {
    const root = await tempDir("quality-gate-rules");
    expect(await judged(await results(join(root, "clean"), [{ status: "passed" }, { status: "passed", labels: { conformance: "unspecified" } }, { status: "skipped", labels: { not_applicable: "needs:pages" } }, { status: "failed", labels: { expectation: "known" } }]))).toBe(true);
    expect(await judged(await results(join(root, "failing"), [{ status: "passed" }, { status: "failed" }]))).toBe(false);
    expect(await judged(await results(join(root, "precondition"), [{ status: "passed" }, { status: "broken", labels: { outcome: "precondition-failed" } }]))).toBe(false);
    expect(await judged(await results(join(root, "empty"), []))).toBe(false);
  });

  it.skipIf(!ITERATOR_HELPERS)("`allure quality-gate` exits as the run does (needs Node 22: the command uses iterator helpers)", { timeout: 120_000 }, async () => {
    const root = await tempDir("quality-gate");
    const clean = await results(join(root, "clean"), [{ status: "passed" }, { status: "passed", labels: { conformance: "unspecified" } }, { status: "skipped", labels: { not_applicable: "needs:pages" } }, { status: "failed", labels: { expectation: "known" } }]);
    const failing = await results(join(root, "failing"), [{ status: "passed" }, { status: "failed" }]);
    const precondition = await results(join(root, "precondition"), [{ status: "passed" }, { status: "broken", labels: { outcome: "precondition-failed", precondition_owner: "tabs.c0" } }]);
    const ok = await gate(clean, root);
    expect(ok.exitCode, `${ok.stdout}\n${ok.stderr}`).toBe(0);
    const bad = await gate(failing, root);
    expect(bad.exitCode, `${bad.stdout}\n${bad.stderr}`).toBe(1);
    expect(`${bad.stdout}${bad.stderr}`).toMatch(/egoVerdict/);
    expect((await gate(precondition, root)).exitCode).toBe(1);
  });
});
