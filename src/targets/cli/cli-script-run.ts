/**
 * One script in one fresh `ego-browser nodejs` process, timed: the Target's launcher
 * (../target.ts, Launcher) for clauses that judge a whole invocation (how and when it ends). The
 * wait is the process's exit plus a timer: past the bound the process group is killed.
 */
import { startCli } from "./cli-process.js";
import type { Launcher, ScriptRun } from "../target.js";

export function cliLauncher(cliPath: string, sdkPath: string | undefined): Launcher {
  return {
    async runScript(script: string, options: { timeoutMs: number }): Promise<ScriptRun> {
      const startedAt = Date.now();
      const proc = await startCli(cliPath, ["nodejs", ...(sdkPath !== undefined ? ["--sdk-path", sdkPath] : [])], script);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        proc.killGroup();
      }, options.timeoutMs);
      const exit = await proc.exited;
      const exitedAt = Date.now();
      clearTimeout(timer);
      return { exitCode: exit.exitCode, signal: exit.signal, effectiveCode: exit.effectiveCode, timedOut, startedAt, exitedAt, stdout: proc.stdout(), stderr: proc.stderr() };
    },
  };
}
