/**
 * A synchronous round trip to the fake app, for the one mutant that answers inside the call: a worker
 * thread owns a second connection while the caller blocks on Atomics.wait. Started on first use.
 */
import { Worker } from "node:worker_threads";
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import { encodeRequest, type WireResponse } from "./protocol.js";

const CAPACITY = 1 << 20;
const WAIT_MS = 10_000;

// CommonJS, evaluated in the worker: connect, skip the welcome, answer each posted request.
const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const net = require("node:net");
const state = new Int32Array(workerData.shared, 0, 2);
const bytes = new Uint8Array(workerData.shared, 8);
const socket = net.createConnection(workerData.socketPath);
let buffered = "", welcomed = false, nextId = 1;
const publish = (text) => {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.length > bytes.length) return publish(JSON.stringify({ crash: "answer too large for the synchronous channel" }));
  bytes.set(encoded);
  Atomics.store(state, 1, encoded.length);
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
};
socket.setEncoding("utf8");
socket.on("error", (e) => publish(JSON.stringify({ crash: "synchronous channel: " + e.message })));
socket.on("data", (chunk) => {
  buffered += chunk;
  let i;
  while ((i = buffered.indexOf("\\n")) !== -1) {
    const line = buffered.slice(0, i);
    buffered = buffered.slice(i + 1);
    if (!welcomed) { welcomed = true; continue; }
    publish(JSON.stringify(JSON.parse(line).response));
  }
});
parentPort.on("message", (request) => socket.write(JSON.stringify({ id: nextId++, request }) + "\\n"));
`;

export function syncRequester(socketPath: string): (request: BridgeRequest) => BridgeResponse {
  let worker: Worker | undefined;
  const shared = new SharedArrayBuffer(8 + CAPACITY);
  const state = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, 8);
  return (request) => {
    worker ??= new Worker(WORKER_SOURCE, { eval: true, workerData: { socketPath, shared } });
    worker.unref();
    Atomics.store(state, 0, 0);
    worker.postMessage(encodeRequest(request));
    if (Atomics.wait(state, 0, 0, WAIT_MS) === "timed-out") return { crash: new Error(`the fake app did not answer a synchronous request within ${WAIT_MS} ms`) };
    const text = Buffer.from(bytes.subarray(0, Atomics.load(state, 1))).toString("utf8");
    const response = JSON.parse(text) as WireResponse;
    return "crash" in response ? { crash: new Error(`fake app: ${response.crash}`) } : response;
  };
}
