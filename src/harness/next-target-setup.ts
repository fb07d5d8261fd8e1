/**
 * vitest setup file of a conformance run: a worker thread kept from an earlier target (src/run/kept-threads.ts)
 * forgets that target's state before it runs its next target's first file.
 */
import { beginNextTarget } from "../target-scope/next-target.js";

/** set by the kept thread (src/run/kept-thread.mjs) when it is handed its next target's environment */
const PENDING = Symbol.for("ego-conformance.next-target-pending");
const thread = globalThis as { [PENDING]?: boolean };

if (thread[PENDING] === true) {
  thread[PENDING] = false;
  await beginNextTarget();
}
