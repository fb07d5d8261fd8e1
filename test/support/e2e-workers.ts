import { availableParallelism } from "node:os";

/** the machine's cores, at least two */
export const CORES = Math.max(2, availableParallelism());

/**
 * e2e files run at once: one per core, and one more. Most e2e files wait on the processes they
 * start (a CLI, vitest, the fake app, Chromium), so one per core left the 2-core CI machine a
 * fifth idle: 132% of CPU over `npm test` (GNU time, fresh-clone .ci/run; test/README.md, the time budget).
 */
export const E2E_WORKERS = CORES + 1;
