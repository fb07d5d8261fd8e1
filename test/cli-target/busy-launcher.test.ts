// A launcher written a moment ago may still be open for writing in a child this process forked
// meanwhile (until that child execs): exec then fails with ETXTBSY. That is not the launcher's
// answer, so its start is tried again for a bounded while; any other failure stands at once.
import { closeSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { startCli } from "../../src/targets/cli/cli-process.js";
import { tempDir } from "../support/temp-dir.js";

async function launcher(name: string): Promise<string> {
  const path = join(await tempDir(name), "ego-browser");
  writeFileSync(path, "#!/bin/sh\necho started\n", { mode: 0o755 });
  return path;
}

it("starts a launcher that was busy for a moment once it is free", async () => {
  const path = await launcher("busy-moment");
  const writer = openSync(path, "r+");
  // window: the launcher stays open for writing past the first attempt, then frees up
  setTimeout(() => closeSync(writer), 30);
  const proc = await startCli(path, [], "");
  const exit = await proc.exited;
  expect(exit.startFailure, proc.describe()).toBeUndefined();
  expect(exit.exitCode).toBe(0);
  expect(proc.stdout()).toContain("started");
});

it("says why a launcher that stays busy could not be started, after a bounded number of tries", async () => {
  const path = await launcher("busy-always");
  const writer = openSync(path, "r+");
  try {
    const proc = await startCli(path, [], "");
    const exit = await proc.exited;
    expect(exit.startFailure).toBe("ETXTBSY");
    expect(exit.exitCode).toBeNull();
    expect(proc.stderr()).toMatch(/ETXTBSY/);
  } finally {
    closeSync(writer);
  }
});

it("says a launcher that does not exist could not be started (ENOENT), not that it was busy", async () => {
  const proc = await startCli(join(await tempDir("missing"), "ego-browser"), [], "");
  expect((await proc.exited).startFailure).toBe("ENOENT");
});
