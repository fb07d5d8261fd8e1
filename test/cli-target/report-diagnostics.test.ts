// A clause that fails through the CLI target carries what its ego-browser process said on stderr
// in the report (attachment "target diagnostics (ego-browser stderr)"); a passing one does not.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";
import { fakeInstall, type FakeInstall } from "../fake-server/support.js";
import { tempDir } from "../support/temp-dir.js";

let fake: FakeInstall;
beforeAll(async () => {
  // a broken build: claimTaskSpace selects the claimed space (a rule that needs no page)
  fake = await fakeInstall({ server: { mutants: ["claim-selects"] } });
});
afterAll(async () => fake?.close());

const DIAGNOSTICS = "target diagnostics (ego-browser stderr)";

interface RawAttachment {
  name: string;
  source: string;
}

interface RawResult {
  status: string;
  labels: { name: string; value: string }[];
  attachments?: RawAttachment[];
  /** allure-vitest records runtime attachments as steps holding them */
  steps?: { name: string; attachments?: RawAttachment[] }[];
}

function attachmentsOf(result: RawResult): RawAttachment[] {
  return [...(result.attachments ?? []), ...(result.steps ?? []).flatMap((s) => s.attachments ?? [])];
}

async function resultsByClause(dir: string): Promise<Map<string, RawResult>> {
  const out = new Map<string, RawResult>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith("-result.json"))) {
    const result = JSON.parse(await readFile(join(dir, file), "utf8")) as RawResult;
    const id = result.labels.find((l) => l.name === "clause")?.value;
    if (id) out.set(id, result);
  }
  return out;
}

it("attaches the ego-browser diagnostics to a failed clause", { timeout: 90_000 }, async () => {
  const results = join(await tempDir("diag"), "results");
  const failing = "task-spaces.claim.does-not-select";
  const passing = "task-spaces.create.result-shape";
  const run = await runCli(["run", "--target", "installed", "--ego-browser", fake.cli, "--operator", fake.server.paths.operatorSocket, "--area", "task-spaces", "--no-slow", "--no-report", "--json", "--results", results]);
  expect(run.exitCode, run.stderr).toBe(1);
  const byClause = await resultsByClause(results);
  const failed = byClause.get(failing)!;
  expect(failed.status).toBe("failed");
  const attachment = attachmentsOf(failed).find((a) => a.name === DIAGNOSTICS);
  expect(attachment, JSON.stringify(attachmentsOf(failed))).toBeDefined();
  const text = await readFile(join(results, attachment!.source), "utf8");
  expect(text).toContain(`ego-browser: ${fake.cli}`);
  expect(text).toMatch(/process: pid \d+/);
  const passed = byClause.get(passing);
  expect(passed?.status).toBe("passed");
  expect(attachmentsOf(passed!).map((a) => a.name)).toContain("probes");
  expect(attachmentsOf(passed!).some((a) => a.name === DIAGNOSTICS)).toBe(false);
});
