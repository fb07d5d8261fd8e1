/**
 * Runs a script the way the real host does: it compiles the text itself and runs it as the body
 * of an async function, so top-level await and `await import("node:fs/promises")` work; helpers
 * are globals. A syntax error or an exception the script does not catch ends the run with
 * exit status 1 and the error on stderr.
 */
const AsyncFunction = (async () => {}).constructor as new (body: string) => () => Promise<unknown>;

export async function runScript(source: string): Promise<void> {
  let body: () => Promise<unknown>;
  try {
    body = new AsyncFunction(source);
  } catch (error) {
    fail(error);
    return;
  }
  try {
    await body();
  } catch (error) {
    fail(error);
  }
}

function fail(error: unknown): void {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `Uncaught ${String(error)}`}\n`);
  process.exitCode = 1;
}
