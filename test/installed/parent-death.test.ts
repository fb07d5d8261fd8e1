// If the CLI dies, its workers and launchers die with it (src/processes/parent-watchdog.ts): SIGKILL
// of `ego-conformance run` in the middle of an installed run leaves no process of the run within
// 5 s, and the browser is no longer driven.
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { gone } from "../support/processes.js";
import { cliEnv, egoConformance, progressPast, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

/** Every process and its parent, from ps. */
async function processTable(): Promise<{ pid: number; ppid: number; args: string }[]> {
  const ps = await execa("ps", ["-eo", "pid=,ppid=,args="]);
  return ps.stdout
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
}

function descendants(table: { pid: number; ppid: number }[], root: number): number[] {
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of table) if (p.ppid === parent) (out.push(p.pid), queue.push(p.pid));
  }
  return out;
}

/** Alive and not a zombie waiting to be reaped. */
const running = (pid: number) => !gone(pid);

describe("SIGKILL of the CLI", () => {
  it("leaves no process of the run within 5 s", { timeout: 120_000 }, async () => {
    const w = await world();
    // a temp directory of its own: what the killed CLI cannot remove (its run's scratch directory) goes with the test's
    const run = egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--operator", w.operatorSocket, "--no-report", "--results", await tempDir("inst-kill")], { env: cliEnv(w, { TMPDIR: await tempDir("kill-tmp") }) });
    await progressPast(run, 10, 90_000);
    const table = await processTable();
    const ofRun = descendants(table, run.pid!);
    // vitest, and at least one ego-browser launcher of this world, are under way
    expect(ofRun.length).toBeGreaterThan(0);
    expect(table.some((p) => ofRun.includes(p.pid) && p.args.includes("vitest"))).toBe(true);
    expect(table.some((p) => ofRun.includes(p.pid) && p.args.includes(w.root))).toBe(true);

    // the CLI's own exit: its stderr stays open as long as anything of the run holds it
    const exited = new Promise((r) => run.once("exit", r));
    process.kill(run.pid!, "SIGKILL");
    await exited;
    const killedAt = Date.now();
    let left = ofRun.filter(running);
    while (left.length && Date.now() - killedAt < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      left = ofRun.filter(running);
    }
    const now = await processTable();
    const survivors = now.filter((p) => left.includes(p.pid) || p.args.includes(w.root));
    // whatever the verdict, nothing of this test outlives it
    for (const p of survivors) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
    expect(survivors.map((p) => `${p.pid} (parent before: ${table.find((t) => t.pid === p.pid)?.ppid === run.pid ? "the CLI" : String(table.find((t) => t.pid === p.pid)?.ppid)}) ${p.args}`)).toEqual([]);
    // and nothing drives the browser any more
    const connections = (await w.operator.describe()).bridgeConnections;
    expect(connections).toBe(0);
    run.kill("SIGKILL");
    await run;
  });
});
