/** vitest setup file of a conformance run: the parent-death watchdog (src/safety/parent-watchdog.ts). */
import { startWorkerWatchdog } from "../safety/parent-watchdog.js";

startWorkerWatchdog();
