/**
 * The real launcher's exit quirk (research 3.2): when the script's process ends with a non-zero
 * status, the launcher prints `ego's nodejs process exited with code N` and itself exits 0.
 */
export const exitQuirkText = (code: number) => `ego's nodejs process exited with code ${code}`;
