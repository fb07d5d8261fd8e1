// The fake's Chromium never outlives what started it: shutdownBrowsers ends it and removes its
// data directory, and a process killed outright takes its browser with it (Chromium exits when
// its DevTools pipe closes), also where the executable is a wrapper script that runs Chromium as
// its child (Debian's /usr/bin/chromium-headless-shell).
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { profileBrowser, shutdownBrowsers } from "../../fake-bridge/chromium/browser-pool.js";
import { listProcesses } from "../../scripts/process-cpu.js";
import { PROJECT_ROOT } from "../cli/run-cli.js";
import { gone } from "../support/processes.js";
import { CHROMIUM, NO_CHROMIUM } from "./support.js";

/** pids of the live processes (zombies left out) whose command line names `dataDir` (the browser process carries it) */
function processesWith(dataDir: string): number[] {
  return listProcesses()
    .filter((p) => p.cmdline.includes(`--user-data-dir=${dataDir}`))
    .map((p) => p.pid)
    .filter((pid) => !gone(pid));
}

/** the processes of `dataDir`'s browser still there after at most `withinMs` */
async function leftAfter(dataDir: string, withinMs: number): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const left = processesWith(dataDir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(NO_CHROMIUM)("the fake's browser", { timeout: 60_000 }, () => {
  it("is ended by shutdownBrowsers, and its data directory removed", async () => {
    const profile = await profileBrowser(CHROMIUM!.executablePath, "Default");
    expect(processesWith(profile.dataDir).length, "Chromium runs with the profile's data directory").toBeGreaterThan(0);
    await shutdownBrowsers();
    expect(await leftAfter(profile.dataDir, 5_000)).toEqual([]);
    expect(existsSync(profile.dataDir)).toBe(false);
  });

  it("dies with the process that started it, when that process is killed outright", async () => {
    const script = `
      import { profileBrowser } from "./fake-bridge/chromium/browser-pool.ts";
      const profile = await profileBrowser(${JSON.stringify(CHROMIUM!.executablePath)}, "Default");
      console.log(profile.dataDir);
      setInterval(() => {}, 1000);
    `;
    const child = execa(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: PROJECT_ROOT, reject: false, timeout: 30_000 });
    const dataDir = await new Promise<string>((resolve, reject) => {
      child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
      void child.then((r) => reject(new Error(`the script ended first: ${r.stderr}`)));
    });
    expect(processesWith(dataDir).length).toBeGreaterThan(0);
    child.kill("SIGKILL");
    await child;
    expect(await leftAfter(dataDir, 5_000), "no Chromium process of the killed script's browser").toEqual([]);
    // the killed script could not remove its browser's directory (a run's scratch directory would take it): this test made it
    await rm(dataDir, { recursive: true, force: true });
  });
});
