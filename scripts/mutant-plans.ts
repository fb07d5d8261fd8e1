/**
 * `npm run mutant-plans [-- --json] [-- --only NAME,NAME] [-- --no-slow]`: every deviation mutant plan
 * run next to a clean run, on the pages or target where its rule shows, measuring what each plan
 * fails and costs. The mutant check (test/mutants) asserts; this script measures.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { preconditionOwnerOf } from "../src/outcomes/of-error.js";
import { execa } from "execa";
import { MUTANT_NAMES } from "../fake-bridge/mutants/mutants.js";
import type { PagesChoice } from "../src/contract/pages-choice.js";

const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "bin/ego-conformance.mjs");

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    only: { type: "string" },
    "no-slow": { type: "boolean", default: false },
  },
});

/** the fake's pages, or an installed build's own */
type Pages = PagesChoice | "installed";

interface Measured {
  plan: string;
  pages: Pages;
  exitCode: number | undefined;
  seconds: number;
  failed: string[];
  preconditionFailed: number;
  /** the clauses the precondition failures name */
  preconditionOwners: string[];
  broken: number;
  unknown: number;
}

const cli = (args: string[], env?: Record<string, string>) =>
  execa(process.execPath, [BIN, ...args], { cwd: ROOT, reject: false, stdin: "ignore", timeout: 900_000, ...(env ? { env, extendEnv: false } : {}) });

/**
 * Where a run goes: the in-process fake on one kind of pages, or an installed fake (its app
 * started with the plan, its launcher on a temporary PATH). Returns the extra run arguments, the
 * environment and how to take it down.
 */
async function place(dir: string, plan: string | null, pages: Pages): Promise<{ args: string[]; env?: Record<string, string>; down(): Promise<void> }> {
  if (pages !== "installed") return { args: ["--pages", pages, ...(plan ? ["--mutant", plan] : [])], down: async () => {} };
  const app = join(dir, "app");
  const bin = join(dir, "bin");
  const home = join(dir, "home");
  const started = await cli(["fake", "start", "--dir", app, ...(plan ? ["--mutant", plan] : [])]);
  if (started.exitCode !== 0) throw new Error(`fake start failed: ${started.stderr}`);
  const installed = await cli(["fake", "install", bin, "--dir", app]);
  if (installed.exitCode !== 0) throw new Error(`fake install failed: ${installed.stderr}`);
  return {
    args: ["--target", "installed", "--ego-browser", join(bin, "ego-browser"), "--operator", join(app, "operator.sock")],
    env: { HOME: home, PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`, TMPDIR: tmpdir() },
    down: async () => void (await cli(["fake", "stop", "--dir", app])),
  };
}

async function measure(plan: string | null, pages: Pages): Promise<Measured> {
  const dir = await mkdtemp(join(tmpdir(), "ego-conformance-mutant-plan-"));
  const where = await place(dir, plan, pages);
  try {
    const outcomes = join(dir, "outcomes.json");
    const args = ["run", "--json", "--no-report", "--no-expectations", ...where.args, ...(values["no-slow"] || pages === "installed" ? ["--no-slow"] : []), "--results", join(dir, "results"), "--outcomes", outcomes];
    const started = process.hrtime.bigint();
    const run = await cli(args, where.env);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const written = JSON.parse(await readFile(outcomes, "utf8")) as { clauses: Record<string, { status: string; message?: string }> };
    const having = (status: string) => Object.entries(written.clauses).filter(([, c]) => c.status === status).map(([id]) => id).sort();
    const owners = [...new Set(Object.values(written.clauses).filter((c) => c.status === "precondition-failed").map((c) => preconditionOwnerOf(c.message) ?? "?"))].sort();
    return {
      plan: plan ?? "(clean)",
      pages,
      exitCode: run.exitCode,
      seconds: Math.round(seconds * 10) / 10,
      failed: having("failed"),
      preconditionFailed: having("precondition-failed").length,
      preconditionOwners: owners,
      broken: having("broken").length,
      unknown: having("unknown").length,
    };
  } finally {
    await where.down();
    await rm(dir, { recursive: true, force: true });
  }
}

const plans = values.only ? values.only.split(",").filter((p) => p !== "") : [...MUTANT_NAMES];
for (const p of plans) if (!(MUTANT_NAMES as readonly string[]).includes(p)) throw new Error(`unknown mutant plan '${p}' (plans: ${MUTANT_NAMES.join(", ")})`);

const load = loadavg()[0]!.toFixed(1);
const clean: Partial<Record<Pages, Measured>> = { model: await measure(null, "model") };
const rows: (Measured & { ratio: number; note?: string })[] = [];
for (const plan of plans) {
  let m = await measure(plan, "model");
  let note: string | undefined;
  if (m.failed.length === 0 && m.preconditionFailed === 0 && m.broken === 0) {
    clean.chromium ??= await measure(null, "chromium");
    m = await measure(plan, "chromium");
    if (m.failed.length === 0 && m.preconditionFailed === 0 && m.broken === 0) {
      // a launcher's plan: only an installed target has a launcher
      clean.installed ??= await measure(null, "installed");
      m = await measure(plan, "installed");
      if (m.failed.length === 0 && m.preconditionFailed === 0 && m.broken === 0) note = "changes nothing, in process or installed";
    }
  }
  rows.push({ ...m, ratio: Math.round((m.seconds / clean[m.pages]!.seconds) * 100) / 100, ...(note ? { note } : {}) });
  if (!values.json) {
    const r = rows[rows.length - 1]!;
    process.stdout.write(`${r.plan.padEnd(36)} ${r.pages.padEnd(8)} ${String(r.seconds).padStart(6)} s ${String(r.ratio).padStart(5)}x  failed ${r.failed.length}, precondition failed ${r.preconditionFailed}${r.preconditionOwners.length ? ` (naming ${r.preconditionOwners.join(", ")})` : ""}, broken ${r.broken}, unknown ${r.unknown}${r.note ? `  (${r.note})` : ""}\n      ${r.failed.join(", ")}\n`);
  }
}

const worst = rows.reduce((a, r) => Math.max(a, r.ratio), 0);
// a ratio against a clean run that was not clean measures nothing: say so
for (const c of Object.values(clean)) if (c.exitCode !== 0) process.stderr.write(`the clean run on ${c.pages} pages exited ${c.exitCode} (failed: ${c.failed.join(", ") || "none"}): its ratios are not comparable\n`);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ load1: Number(load), clean, plans: rows, worstRatio: worst }, null, 2)}\n`);
} else {
  process.stdout.write(`clean run: model ${clean.model!.seconds} s${clean.chromium ? `, chromium ${clean.chromium.seconds} s` : ""}${clean.installed ? `, installed ${clean.installed.seconds} s` : ""}; load ${load} at the start; worst ratio ${worst}x (target: at most 1.5x)\n`);
  const broken = rows.filter((r) => r.broken > 0 || r.unknown > 0);
  if (broken.length > 0) process.stdout.write(`plans with broken or unknown results: ${broken.map((r) => r.plan).join(", ")}\n`);
}
