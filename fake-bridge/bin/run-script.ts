/**
 * Runs a script as the real host does: compiled as the body of an async function (top-level await,
 * helpers as globals); a syntax error or an uncaught exception ends it with status 1.
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
