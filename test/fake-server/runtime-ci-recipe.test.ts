// The recipe of examples/ci/runtime-e2e.yml, as a runtime's CI runs it: its own `ego-conformance`
// commands, word for word, from a clean directory with relative paths, real Chromium pages, a
// script through the installed ego-browser, then `fake stop`; afterwards no process and no file of
// the fake is left (only what `fake install` was asked to write, and the app's log).
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { locateChromium } from "../../fake-bridge/chromium/locate.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { runLauncher, lastJson } from "./support.js";

const WORKFLOW = new URL("../../examples/ci/runtime-e2e.yml", import.meta.url);
const hasChromium = locateChromium().found;

/** The workflow's `npx ego-conformance ...` commands, in order, as argv. */
async function recipeCommands(): Promise<string[][]> {
  const text = await readFile(WORKFLOW, "utf8");
  return [...text.matchAll(/^\s*(?:run: )?npx ego-conformance (.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/));
}

/** Processes whose command line names `root` (the fake app and its Chromium, whose profiles live under TMPDIR=root/tmp). */
async function processesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, "utf8")).replaceAll("\0", " ");
      const environ = await readFile(`/proc/${pid}/environ`, "utf8").catch(() => "");
      if (cmdline.includes(root) || environ.includes(`TMPDIR=${join(root, "tmp")}`)) found.push(`${pid} ${cmdline.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() || entry.isSocket() || entry.isSymbolicLink()) out.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe.skipIf(!hasChromium)("examples/ci/runtime-e2e.yml, run as a runtime's CI runs it", () => {
  it("starts the fake with real pages from relative paths, runs a script through the installed ego-browser, and leaves nothing behind", async () => {
    const commands = await recipeCommands();
    expect(commands.map((c) => `${c[0]} ${c[1]}`)).toEqual(["fake start", "fake install", "fake stop"]);
    const [start, install, stop] = commands as [string[], string[], string[]];
    expect(start).toContain("--pages");
    const root = await tempDir("recipe");
    await mkdir(join(root, "tmp"));
    const env = { ...process.env, TMPDIR: join(root, "tmp") } as Record<string, string>;

    const started = await runCli(start, { cwd: root, env, timeoutMs: 60_000 });
    expect(started.exitCode, started.stderr).toBe(0);
    try {
      const installed = await runCli(install, { cwd: root, env, timeoutMs: 60_000 });
      expect(installed.exitCode, installed.stderr).toBe(0);
      const cli = join(root, install[2]!, "ego-browser");
      const script = [
        "const made = await ego.createTaskSpace('recipe');",
        "ego.useTaskSpace(made.id);",
        "await ego.createTab('data:text/html,<title>recipe page</title><p>hello</p>');",
        "const snap = await ego.snapshot();",
        "console.log(JSON.stringify({ snapshot: String(snap.content).includes('hello') }));",
        "await ego.closeTaskSpace();",
      ].join("\n");
      const ran = await runLauncher(cli, ["nodejs"], { input: script, cwd: root, env, timeoutMs: 60_000 });
      expect(lastJson(ran.stdout), ran.stderr).toEqual({ snapshot: true });
      expect((await processesUnder(root)).length, "the fake app and its Chromium are running").toBeGreaterThan(0);
    } finally {
      const stopped = await runCli(stop, { cwd: root, env, timeoutMs: 30_000 });
      expect(stopped.exitCode, stopped.stderr).toBe(0);
    }
    expect(await eventually(() => processesUnder(root), (p) => p.length === 0, 10_000)).toEqual([]);
    // what stays: the launcher `fake install` was asked to write, tsx's shared compile cache, and
    // the app's log, which `fake stop` keeps on purpose (a failed CI job uploads it), and the
    // folder's marker, which lets the next `fake start` use the folder again
    const left = (await filesUnder(root)).filter((f) => !f.startsWith(".ego-bin/") && !/^tmp\/tsx-/.test(f));
    expect(left.sort()).toEqual([".ego-fake/.ego-conformance-fake-app", ".ego-fake/app.log"]);
  }, 180_000);
});
