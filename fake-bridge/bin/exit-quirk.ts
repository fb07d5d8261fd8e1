/**
 * The real launcher's exit quirk (research 3.2): when the script's node process ends with a
 * non-zero status, the launcher prints `ego's nodejs process exited with code N` and itself exits
 * 0. Reproduced for every way of ending: process.exit(n), an uncaught exception, a failed script.
 */
import { writeSync } from "node:fs";

export const exitQuirkText = (code: number) => `ego's nodejs process exited with code ${code}`;

export function installExitQuirk(): void {
  process.on("exit", (code) => {
    if (code === 0) return;
    writeSync(1, `${exitQuirkText(code)}\n`);
    process.exitCode = 0;
  });
}
