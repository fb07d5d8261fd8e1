/**
 * `npm run fault-plans`: every deviation fault plan of the fake (fake-bridge/faults), run through
 * `ego-conformance run` one after another, next to a clean run in the same session: for each plan
 * the clauses it failed, how many ended precondition failed, broken or unknown, its wall time and
 * its ratio to the clean run on the same pages. A plan that changes nothing on the page model is
 * run again on real pages (its rule only shows there); a plan that still changes nothing is said
 * to. The mutant check (test/mutants) asserts which clauses each plan must fail; this script
 * measures, so a closing note or a release manager can read the cost and the spread of each plan.
 *
 *   npm run fault-plans [-- --json] [-- --only NAME,NAME] [-- --no-slow]
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { FAULT_NAMES } from "../fake-bridge/faults/index.js";

const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "bin/ego-conformance.mjs");

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    only: { type: "string" },
    "no-slow": { type: "boolean", default: false },
  },
});

type Pages = "model" | "chromium";

interface Measured {
  plan: string;
  pages: Pages;
  exitCode: number | undefined;
  seconds: number;
  failed: string[];
  preconditionFailed: number;
  broken: number;
  unknown: number;
}

async function measure(plan: string | null, pages: Pages): Promise<Measured> {
  const dir = await mkdtemp(join(tmpdir(), "ego-conformance-fault-plan-"));
  try {
    const outcomes = join(dir, "outcomes.json");
    const args = ["run", "--json", "--no-report", "--no-expectations", "--pages", pages, ...(plan ? ["--fault", plan] : []), ...(values["no-slow"] ? ["--no-slow"] : []), "--results", join(dir, "results"), "--outcomes", outcomes];
    const started = process.hrtime.bigint();
    const run = await execa(process.execPath, [BIN, ...args], { cwd: ROOT, reject: false, stdin: "ignore", timeout: 900_000 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const written = JSON.parse(await readFile(outcomes, "utf8")) as { clauses: Record<string, { status: string }> };
    const having = (status: string) => Object.entries(written.clauses).filter(([, c]) => c.status === status).map(([id]) => id).sort();
    return {
      plan: plan ?? "(clean)",
      pages,
      exitCode: run.exitCode,
      seconds: Math.round(seconds * 10) / 10,
      failed: having("failed"),
      preconditionFailed: having("precondition-failed").length,
      broken: having("broken").length,
      unknown: having("unknown").length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const plans = values.only ? values.only.split(",").filter((p) => p !== "") : [...FAULT_NAMES];
for (const p of plans) if (!(FAULT_NAMES as readonly string[]).includes(p)) throw new Error(`unknown fault plan '${p}' (plans: ${FAULT_NAMES.join(", ")})`);

const load = loadavg()[0]!.toFixed(1);
const clean: Partial<Record<Pages, Measured>> = { model: await measure(null, "model") };
const rows: (Measured & { ratio: number; note?: string })[] = [];
for (const plan of plans) {
  let m = await measure(plan, "model");
  let note: string | undefined;
  if (m.failed.length === 0 && m.preconditionFailed === 0 && m.broken === 0) {
    clean.chromium ??= await measure(null, "chromium");
    m = await measure(plan, "chromium");
    if (m.failed.length === 0 && m.preconditionFailed === 0 && m.broken === 0) note = "changes nothing in process (a launcher or installed-only plan)";
  }
  rows.push({ ...m, ratio: Math.round((m.seconds / clean[m.pages]!.seconds) * 100) / 100, ...(note ? { note } : {}) });
  if (!values.json) {
    const r = rows[rows.length - 1]!;
    process.stdout.write(`${r.plan.padEnd(36)} ${r.pages.padEnd(8)} ${String(r.seconds).padStart(6)} s ${String(r.ratio).padStart(5)}x  failed ${r.failed.length}, precondition failed ${r.preconditionFailed}, broken ${r.broken}, unknown ${r.unknown}${r.note ? `  (${r.note})` : ""}\n      ${r.failed.join(", ")}\n`);
  }
}

const worst = rows.reduce((a, r) => Math.max(a, r.ratio), 0);
// a ratio against a clean run that was not clean measures nothing: say so
for (const c of Object.values(clean)) if (c.exitCode !== 0) process.stderr.write(`the clean run on ${c.pages} pages exited ${c.exitCode} (failed: ${c.failed.join(", ") || "none"}): its ratios are not comparable\n`);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ load1: Number(load), clean, plans: rows, worstRatio: worst }, null, 2)}\n`);
} else {
  process.stdout.write(`clean run: model ${clean.model!.seconds} s${clean.chromium ? `, chromium ${clean.chromium.seconds} s` : ""}; load ${load} at the start; worst ratio ${worst}x (target: at most 1.5x)\n`);
  const broken = rows.filter((r) => r.broken > 0 || r.unknown > 0);
  if (broken.length > 0) process.stdout.write(`plans with broken or unknown results: ${broken.map((r) => r.plan).join(", ")}\n`);
}
