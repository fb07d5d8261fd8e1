/**
 * `npm run file-cpu [-- --jobs N] [FILE...]`: each e2e file's CPU-seconds with everything it started,
 * Chromium and detached fake apps included, each file under a child subreaper (docs/speed.md).
 * A report, like reports/test-times.json: nothing fails on a number.
 */
import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../src/files/output-dir.js";

const ROOT = resolve(import.meta.dirname, "..");
const REPORT = join(ROOT, "reports", "test-cpu.json");
/** a file may take this long; past it, it is killed and listed with no figures (NaN); the mutant check, the longest, is well within it (docs/speed.md) */
const FILE_BOUND_MS = 20 * 60_000;

/** Runs argv as a child subreaper; prints `CPU <seconds> WALL <seconds> RC <code>` on its last stderr line. */
const SUBREAPER = String.raw`
import ctypes, os, resource, subprocess, sys, time
ctypes.CDLL("libc.so.6", use_errno=True).prctl(36, 1, 0, 0, 0)
t0 = time.time()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
rc = None
while True:
    try:
        pid, status = os.wait()
        if pid == child.pid: rc = os.waitstatus_to_exitcode(status)
    except ChildProcessError:
        break
r = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write("CPU %.1f WALL %.1f RC %s\n" % (r.ru_utime + r.ru_stime, time.time() - t0, rc))
`;

export interface FileCpu {
  file: string;
  cpuSeconds: number;
  wallSeconds: number;
  /** vitest's exit code: 0 passed, anything else failed or broke (its figures still count) */
  exitCode: number | null;
}

/** The subreaper's line, or undefined when it printed none (it was killed at the bound). */
export function parseSubreaperLine(stderr: string): Omit<FileCpu, "file"> | undefined {
  const m = /^CPU (\d+(?:\.\d+)?) WALL (\d+(?:\.\d+)?) RC (-?\d+|None)$/m.exec(stderr);
  if (!m) return undefined;
  return { cpuSeconds: Number(m[1]), wallSeconds: Number(m[2]), exitCode: m[3] === "None" ? null : Number(m[3]) };
}

function vitestBin(): string {
  return join(ROOT, "node_modules", "vitest", "vitest.mjs");
}

function measure(file: string): Promise<FileCpu> {
  return new Promise((done) => {
    execFile("python3", ["-c", SUBREAPER, process.execPath, vitestBin(), "run", "--config", "vitest.selftest.config.ts", "--project", "e2e", file], { cwd: ROOT, timeout: FILE_BOUND_MS, killSignal: "SIGKILL" }, (_error, _stdout, stderr) => {
      done({ file, ...(parseSubreaperLine(stderr) ?? { cpuSeconds: Number.NaN, wallSeconds: Number.NaN, exitCode: null }) });
    });
  });
}

/** The e2e project's files, as vitest lists them. */
function e2eFiles(): Promise<string[]> {
  return new Promise((done, fail) => {
    execFile(process.execPath, [vitestBin(), "list", "--config", "vitest.selftest.config.ts", "--project", "e2e", "--filesOnly"], { cwd: ROOT, timeout: 120_000 }, (error, stdout) => {
      if (error) return fail(error);
      done(stdout.split("\n").map((l) => l.replace(/^\[e2e\]\s*/, "").trim()).filter((l) => l.endsWith(".test.ts")).sort());
    });
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { jobs: { type: "string", default: "2" } }, allowPositionals: true });
  const jobs = Math.max(1, Math.min(availableParallelism(), Number(values.jobs) || 2));
  const files = positionals.length > 0 ? positionals : await e2eFiles();
  const queue = [...files];
  const out: FileCpu[] = [];
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const one = await measure(file);
        out.push(one);
        process.stderr.write(`${one.cpuSeconds.toFixed(1).padStart(7)} CPU-s ${one.wallSeconds.toFixed(1).padStart(7)} s  ${file}${one.exitCode === 0 ? "" : `  (exit ${one.exitCode})`}\n`);
      }
    }),
  );
  out.sort((a, b) => b.cpuSeconds - a.cpuSeconds);
  await mkdir(join(ROOT, "reports"), { recursive: true });
  const total = out.reduce((s, f) => s + (Number.isFinite(f.cpuSeconds) ? f.cpuSeconds : 0), 0);
  await writeFileAtomic(REPORT, `${JSON.stringify({ jobs, cores: availableParallelism(), totalCpuSeconds: Number(total.toFixed(1)), files: out }, null, 2)}\n`);
  process.stdout.write(`\n   CPU-s    wall  file (every process it started, Chromium included; ${jobs} at a time)\n`);
  for (const f of out.slice(0, 25)) process.stdout.write(`${f.cpuSeconds.toFixed(1).padStart(8)} ${f.wallSeconds.toFixed(1).padStart(7)}  ${f.file}${f.exitCode === 0 ? "" : `  (exit ${f.exitCode})`}\n`);
  process.stdout.write(`${total.toFixed(1).padStart(8)}          all ${out.length} files (${REPORT})\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) await main();
