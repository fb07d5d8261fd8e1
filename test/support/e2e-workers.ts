import { availableParallelism } from "node:os";

/** e2e files run at once, and the runs a file overlaps: one per core, at least two (test/README.md, the time budget) */
export const E2E_WORKERS = Math.max(2, availableParallelism());
