import { availableParallelism } from "node:os";

/**
 * The machine's cores, at least two: the e2e files that run at once (one per core). One more
 * (three on the 2-core CI machine) was green once (vitest 842 s) and then failed two timing bounds
 * under its load (process-hygiene's Ctrl-C test on closed spaces that stay listed ran 90.7 s
 * against its 90 s bound; the fake app's status came late): back to one per core.
 */
export const CORES = Math.max(2, availableParallelism());
