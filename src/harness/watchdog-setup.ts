/** vitest setup file of a conformance run: the parent-death watchdog (src/processes/parent-watchdog.ts). */
import { startWorkerWatchdog } from "../processes/parent-watchdog.js";

startWorkerWatchdog();
