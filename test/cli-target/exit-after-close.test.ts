// A shared pool lingers for the next target, but a harness process that is done does not wait
// for it: parked processes keep nothing alive, and they are killed when the harness exits.
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fakeInstall, lastJson, type FakeInstall } from "../fake-server/support.js";
import { eventuallyGone } from "../support/processes.js";

let fake: FakeInstall;
beforeAll(async () => {
  fake = await fakeInstall();
});
afterAll(async () => fake?.close());

it("exits as soon as its work is done, and leaves no ego-browser process behind", { timeout: 30_000 }, async () => {
  const run = await execa(process.execPath, ["--import", "tsx", join(import.meta.dirname, "support/close-and-exit.ts"), fake.cli], { reject: false, cwd: join(import.meta.dirname, "../..") });
  const exitedAt = Date.now();
  expect(run.exitCode, run.stderr).toBe(0);
  const { pid, doneAt } = lastJson(run.stdout) as { pid: number; doneAt: number };
  // the pool lingers 2 s for a next target; the process must not wait for that
  expect(exitedAt - doneAt).toBeLessThan(1500);
  expect(await eventuallyGone(pid)).toBe(true);
});
