/**
 * JSON lines over a stream socket, for the fake app server and the CLI target's connect-back server.
 * A leaf below both that imports only node:net, so neither imports the other and the launcher bundle
 * stays small.
 */
import type { Socket } from "node:net";

/** Calls `onMessage` with each complete line parsed as JSON; a line that is not JSON ends the connection. */
export function readJsonLines(socket: Socket, onMessage: (message: unknown) => void): void {
  let buffered = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== "") {
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          socket.destroy(new Error(`not a JSON line: ${line.slice(0, 120)}`));
          return;
        }
        onMessage(message);
      }
      newline = buffered.indexOf("\n");
    }
  });
}

export function writeJsonLine(socket: Socket, message: unknown): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
