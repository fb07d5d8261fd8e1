/**
 * The unit project's guard (vitest.selftest.config.ts): a unit test starts no child process. Every
 * way node:child_process starts one throws instead, so a test that would start the CLI, the fake
 * app, Chromium, esbuild's service or the allure CLI fails at once with where it belongs: the e2e
 * project. (Runs in each test worker before its files; worker threads have their own builtins.)
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

const STARTERS = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;

for (const name of STARTERS) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => {
    throw new Error(`a unit test started a child process (child_process.${name}): a file that starts processes belongs to the e2e project (vitest.selftest.config.ts E2E_TESTS)`);
  };
}
syncBuiltinESMExports();
