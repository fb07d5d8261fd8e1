/** What is wrong with the temporary directory, or undefined when a directory can be made in it (./temp-dir-check.mjs). */
export function tempDirProblem(): string | undefined;
