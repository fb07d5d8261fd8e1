// A vitest threads worker that outlives its target: vitest's own worker loop, but its stop ends
// only the target's connection, so the thread and its loaded modules wait for the next target
// (./kept-threads.ts). Plain JavaScript: Node starts it as a thread's entry, with no loader.
import { parentPort } from "node:worker_threads";
import { init, runBaseTests, setupEnvironment } from "vitest/worker";

/** the message that hands a kept thread its next target's environment, before vitest's start */
const NEXT_TARGET = "__egoConformanceNextTarget__";
/** read by the per-target reset (src/harness/next-target-setup.ts) before the target's first file */
const PENDING = Symbol.for("ego-conformance.next-target-pending");

if (!parentPort) throw new Error("kept-thread.mjs runs as a worker thread");
const port = parentPort;

port.on("message", (message) => {
  if (message?.[NEXT_TARGET] === undefined) return;
  const env = message[NEXT_TARGET];
  // the target's environment replaces the earlier one's whole: no variable of an earlier target stays
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (typeof value === "string") process.env[name] = value;
  globalThis[PENDING] = true;
});

/** vitest's own message loop (the first listener it adds) stays; each target's connections go with it */
let loop;
const connections = new Set();

init({
  post: (response) => port.postMessage(response),
  on: (listener) => {
    if (loop === undefined) loop = listener;
    else connections.add(listener);
    port.on("message", listener);
  },
  off: (listener) => {
    connections.delete(listener);
    port.off("message", listener);
  },
  teardown: () => {
    for (const listener of connections) port.off("message", listener);
    connections.clear();
  },
  runTests: (state, traces) => runBaseTests("run", state, traces),
  collectTests: (state, traces) => runBaseTests("collect", state, traces),
  setup: setupEnvironment,
});
