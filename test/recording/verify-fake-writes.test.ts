// verify-fake is not a run: it keeps the replay's outputs in a scratch directory of its own,
// removed after, and writes nothing else. A user's run wrote reports/outcomes.json (what `gate`
// judges) and its Allure results; verify-fake on that run's recording, in the same working
// directory, must leave every byte and mtime of them as it found them. It replays on the kind of
// pages the recording was made on, and refuses (exit 2, with the command to use) to replay on the
// other kind, where what only pages decide would differ and be blamed on the fake.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readTranscript } from "../../src/recording/transcript.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** Every file under `dir`: its bytes' hash and its mtime, by its path inside `dir`. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const s = await stat(path);
    out[relative(dir, path)] = entry.isFile() ? `${createHash("sha256").update(await readFile(path)).digest("hex")} ${s.mtimeMs}` : `dir ${s.mtimeMs}`;
  }
  return out;
}

let work: string;
beforeAll(async () => {
  work = await tempDir("verify-writes");
  // a user's run with the default outputs: reports/allure-results, reports/outcomes.json
  const run = await runCli(["run", "--pages", "model", "--area", "task-spaces", "--no-report", "--no-expectations", "--record", "rec.json"], { cwd: work, timeoutMs: 200_000 });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
}, 240_000);

describe("verify-fake writes only in its own scratch", () => {
  it("leaves the run's outcomes and results as they were, and removes its scratch", { timeout: 240_000 }, async () => {
    const before = await tree(work);
    expect(Object.keys(before)).toContain(join("reports", "outcomes.json"));
    expect(Object.keys(before).some((p) => p.startsWith(join("reports", "allure-results")))).toBe(true);
    const tmp = await tempDir("verify-writes-tmp");
    for (const json of [[], ["--json"]]) {
      const verify = await runCli(["verify-fake", "rec.json", ...json], { cwd: work, env: { TMPDIR: tmp }, timeoutMs: 200_000 });
      expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
      expect(await tree(work)).toEqual(before);
      expect(await readdir(tmp)).toEqual([]);
    }
  });
});

describe("verify-fake replays on the recording's kind of pages", () => {
  it("the transcript says which pages it was made on; the replay uses them", { timeout: 240_000 }, async () => {
    expect((await readTranscript(join(work, "rec.json"))).target.pages).toBe("model");
    const verify = await runCli(["verify-fake", "rec.json"], { cwd: work, env: { TMPDIR: await tempDir("verify-pages-tmp") }, timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain("on the page model, as recorded");
  });

  it("told to replay on the other kind, it says so and exits 2 with the command to use", { timeout: 120_000 }, async () => {
    const verify = await runCli(["verify-fake", "rec.json", "--pages", "chromium"], { cwd: work, timeoutMs: 60_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(2);
    expect(verify.stderr).toContain("the recording was made on the page model");
    expect(verify.stderr).toContain("ego-conformance verify-fake rec.json --pages model");
  });
});
