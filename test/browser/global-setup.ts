/**
 * Makes the compat page the browser tests open: a real `ego-conformance matrix` over three
 * personas of the fake (the current build, one without `error-codes`, one older version without
 * `getBrowserVersion`) and one deliberately broken fake (so the page has contract violations to
 * show, whatever the personas do), on the page model and without the Allure report (neither is
 * what these tests look at). About 40 s.
 *
 * EGO_CONFORMANCE_COMPAT_DIR=<dir holding compat.json and compat.html> skips the run (for
 * working on the page); otherwise the directory is temporary and removed afterwards.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";

export const COMPAT_DIR_ENV = "EGO_CONFORMANCE_COMPAT_DIR";
export const PAGE_PERSONAS = ["current", "pre-error-codes", "pre-browser-version"];
/** a mutant plan of the fake that fails the clauses of the rule it breaks (fake-bridge/mutants) */
export const PAGE_MUTANT = "listtabs-ignores-user-control";

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[COMPAT_DIR_ENV]) return undefined;
  const root = resolve(import.meta.dirname, "../..");
  const out = await mkdtemp(join(tmpdir(), "ego-conformance-compat-page-"));
  const run = await execa(process.execPath, [join(root, "bin/ego-conformance.mjs"), "matrix", "--personas", PAGE_PERSONAS.join(","), "--mutant", PAGE_MUTANT, "--pages", "model", "--no-allure", "--out", out], {
    cwd: root,
    reject: false,
    stdin: "ignore",
    timeout: 180_000,
  });
  // 1 = written, but not clean (the broken fake fails clauses): expected here
  if ((run.exitCode !== 0 && run.exitCode !== 1) || !existsSync(join(out, "compat.html"))) {
    throw new Error(`ego-conformance matrix did not write the compat page (exit ${run.exitCode}):\n${run.stderr}\n${run.stdout}`);
  }
  process.env[COMPAT_DIR_ENV] = out;
  return async () => {
    await rm(out, { recursive: true, force: true });
  };
}
