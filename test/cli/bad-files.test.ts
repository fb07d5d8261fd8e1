// Every command that reads a file a user names, given a file that is not of its kind (JSON of
// another shape) or not JSON at all: exit 2, one paragraph naming the file, said as the user's
// bad input (no "could not be completed", no pointer to --debug), and nothing written. The CLI
// tells bad input by the error's kind (src/errors/named-error.ts), not by a list of names.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** The commands that read a file, with the file in the place each takes it (`F`). */
const READERS: string[][] = [
  ["diff", "F", "F"],
  ["verify-fake", "F"],
  ["persona", "derive", "F", "--name", "p"],
  ["gate", "--baseline", "F", "--outcomes", "F"],
  ["gate", "--outcomes", "F"],
  ["baseline", "save", "--outcomes", "F", "--dir", "baselines"],
  ["run", "--persona-file", "F", "--no-report", "--results", "results"],
  ["run", "--expectations", "F", "--pages", "model", "--no-report", "--results", "results"],
  ["run", "--infra-faults", "F", "--pages", "model", "--no-report", "--results", "results"],
  ["matrix", "--persona-file", "F", "--pages", "model", "--out", "matrix"],
  ["report", "--merge", "F", "--out", "merged"],
  ["fake", "start", "--dir", "app", "--persona-file", "F", "--pages", "model"],
];

describe("a file that is not of its kind", () => {
  it.each([
    ["JSON of another shape", '{"hello":1}\n'],
    ["not JSON", "not json\n"],
  ])("%s: every command that reads one exits 2 naming it, as bad input, and writes nothing", { timeout: 120_000 }, async (_what, text) => {
    const dir = await tempDir("bad-files");
    const file = join(dir, "given.json");
    await writeFile(file, text);
    const before = (await readdir(dir)).sort();
    const runs = await Promise.all(READERS.map((args) => runCli(args.map((a) => (a === "F" ? file : a)), { cwd: dir, timeoutMs: 60_000 })));
    for (const [i, run] of runs.entries()) {
      const said = `${READERS[i]!.join(" ")}:\n${run.stderr}`;
      expect(run.exitCode, said).toBe(2);
      expect(run.stderr, said).toContain(file);
      expect(run.stderr, said).not.toMatch(/could not be (completed|made)|--debug shows/);
      // no stack trace (a frame names a source file, line and column; "  at seed: ..." names a place in the file)
      expect(run.stderr, said).not.toMatch(/\.(ts|js|mjs):\d+:\d+/);
    }
    expect((await readdir(dir)).sort(), "nothing written").toEqual(before);
  });
});
