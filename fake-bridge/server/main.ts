/**
 * The fake Ego Lite app as a long-lived process: listens on its sockets, records itself in the state
 * file, prints one `ready` JSON line, and runs until SIGTERM, SIGINT or an operator `shutdown`.
 */
import { createFakeAppServer } from "./app-server.js";
import { parseAppArgs, serverOptions } from "./options.js";
import { removeAppState, writeAppState } from "./state-file.js";

async function main(): Promise<void> {
  const choice = parseAppArgs(process.argv.slice(2));
  const server = createFakeAppServer(serverOptions(choice));
  await server.listen();
  const d = server.describe();
  await writeAppState(server.paths.stateFile, {
    pid: process.pid,
    bridgeSocket: d.bridgeSocket,
    operatorSocket: d.operatorSocket,
    version: d.version,
    features: d.features,
    mutants: d.mutants,
    ...(d.persona ? { persona: d.persona } : {}),
    closeDelayMs: d.closeDelayMs,
    startedAt: d.startedAt,
    ...(d.pages ? { pages: d.pages } : {}),
    ...(d.pagesWarning ? { pagesWarning: d.pagesWarning } : {}),
  });
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${JSON.stringify({ stopping: why })}\n`);
    await server.close();
    await removeAppState(server.paths.stateFile);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  void server.shutdownRequested.then(() => stop("operator shutdown"));
  process.stdout.write(`${JSON.stringify({ ready: true, ...d })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`fake ego lite app: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
