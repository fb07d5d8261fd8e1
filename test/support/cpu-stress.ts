/**
 * CPU stress for the self-tests that prove an observation does not change with load: busy-loop
 * child processes, two per core by default, each ending by itself after `boundMs` or as soon as
 * its parent is gone (it watches its parent pid), and killed by `stop()`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";

/** the loop: spin until the bound passes or the parent changes (the test process died) */
const BUSY_LOOP = "const end = Date.now() + Number(process.argv[1]); const parent = process.ppid; while (Date.now() < end && process.ppid === parent) {}";

export interface CpuStress {
  readonly processes: number;
  stop(): Promise<void>;
}

export function startCpuStress({ perCore = 2, boundMs = 300_000 }: { perCore?: number; boundMs?: number } = {}): CpuStress {
  const children: ChildProcess[] = [];
  for (let i = 0; i < availableParallelism() * perCore; i++) {
    children.push(spawn(process.execPath, ["-e", BUSY_LOOP, String(boundMs)], { stdio: "ignore" }));
  }
  return {
    processes: children.length,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGKILL");
            }),
        ),
      );
    },
  };
}
