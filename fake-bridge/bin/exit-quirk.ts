/**
 * The real launcher's exit quirk (research 3.2): when the script's node process ends with a
 * non-zero status, the launcher prints `ego's nodejs process exited with code N` and itself exits
 * 0. The fake launcher prints it after relaying the script's output, for every way the script's
 * process ends with a status: process.exit(n), an uncaught exception, a failed script
 * (./launcher.ts).
 */
export const exitQuirkText = (code: number) => `ego's nodejs process exited with code ${code}`;
