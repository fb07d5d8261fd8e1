// A temporary directory that cannot be used (read-only, a file, missing) once made
// every command crash inside tsx with a Node stack trace, exit 1. The CLI says what is wrong and
// exits 2: bin/ego-conformance.mjs asks before tsx loads, and main() asks again (the code path of
// the CLI run from compiled JS, where no tsx stands in front of it).
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { runCli, STACK_LINE } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

async function unusable(kind: string): Promise<string> {
  const root = await tempDir("tmpdir");
  if (kind === "a file") {
    await writeFile(join(root, "file"), "");
    return join(root, "file");
  }
  if (kind === "missing") return join(root, "missing");
  await mkdir(join(root, "ro"));
  await chmod(join(root, "ro"), 0o555);
  return join(root, "ro");
}

// root writes into a mode-0555 directory: the read-only case means something only for other users
const KINDS = process.getuid?.() === 0 ? ["a file", "missing"] : ["a file", "missing", "read-only"];

describe("an unusable TMPDIR is a usage error, exit 2, with no stack trace", { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each(KINDS)("through bin/ego-conformance.mjs: TMPDIR %s", async (kind) => {
    const tmp = await unusable(kind);
    const run = await runCli(["personas"], { env: { ...process.env, TMPDIR: tmp } as Record<string, string> });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`TMPDIR=${tmp}`);
    expect(run.stderr).toMatch(/set TMPDIR/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    if (kind === "missing") expect(existsSync(tmp)).toBe(false);
  });

  it.each(KINDS)("through main(), as compiled JS would run it: TMPDIR %s", async (kind) => {
    const tmp = await unusable(kind);
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.stubEnv("TMPDIR", tmp);
    let status: number;
    try {
      status = await main(["personas", "--json"]);
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(status).toBe(2);
    expect(written.join("")).toMatch(new RegExp(`^ego-conformance personas: the temporary directory TMPDIR=${tmp}`));
  });
});
