/**
 * The fixture pages' loopback server (src/fixture-pages) for one test file: started when a clause
 * (or test) first needs it, closed after the file's tests.
 */
import { afterAll } from "vitest";
import { startFixtureServer, type FixtureServer } from "../fixture-pages/index.js";

/** Call at the top of a file: the file's fixture server, started on first use. */
export function useFixturePages(): () => Promise<FixtureServer> {
  let server: Promise<FixtureServer> | undefined;
  afterAll(async () => {
    if (server) await (await server).close();
  });
  return () => (server ??= startFixtureServer());
}
