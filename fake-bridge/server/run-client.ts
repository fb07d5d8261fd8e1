/**
 * The launcher's side of a run (./protocol.ts): a connection to the app's bridge endpoint that
 * waits for the welcome, then sends the run request and the caller's stdin and hands each line
 * of the app (the script's output, its end) to `onLine`.
 */
import { createConnection, type Socket } from "node:net";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import type { RunLine, RunRequest, StdinLine, Welcome } from "./protocol.js";

export interface RunConnection {
  readonly socket: Socket;
  readonly welcome: Welcome;
  send(line: RunRequest | StdinLine): void;
}

export function connectForRun(socketPath: string, onLine: (line: RunLine) => void): Promise<RunConnection> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let welcome: Welcome | undefined;
    socket.once("error", (error) => {
      if (welcome === undefined) reject(new Error(`the ego lite app is not running: nothing answers at ${socketPath} (${error.message})`));
    });
    socket.once("close", () => {
      if (welcome === undefined) reject(new Error(`the ego lite app at ${socketPath} closed the connection before greeting`));
    });
    readJsonLines(socket, (message) => {
      if (welcome !== undefined) return onLine(message as RunLine);
      welcome = message as Welcome;
      resolve({ socket, welcome, send: (line) => writeJsonLine(socket, line) });
    });
  });
}
