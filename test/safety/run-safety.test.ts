// Run-level safety against one shared fake browser (the in-process fake target: every session is
// a new invocation on the same app, as on an installed build): the before/after snapshots, cleanup
// of the run's spaces (user-owned and delegated ones too), --keep-on-failure, the guard against
// stale choices, and the simulated harness bug caught by the invariance clause with its diff.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFakeTarget } from "../../src/targets/fake/fake-target.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import type { Target } from "../../src/targets/target.js";
import { RunSafety } from "../../src/safety/run-safety.js";
import { closeOwnSpaces } from "../../src/safety/close-own-spaces.js";
import { documentedListing } from "../../src/safety/probe-listing.js";
import { INVARIANCE_CLAUSE_ID } from "../../src/safety/invariance.js";
import { readResults, labelValue } from "../../src/report/results-reader.js";
import { Ledger } from "../../src/safety/ledger.js";
import { tempDir } from "../support/temp-dir.js";
import { sweep } from "../../src/safety/sweep.js";
import { renderSweep } from "../../src/cli/sweep.js";

const RUN = "20261130-124501-3fa9c2";

async function world() {
  const target = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features });
  const user = await target.operator!.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }] });
  // the run ledger of this world: the run's names are recorded before they are created
  const ledger = new Ledger(join(await tempDir("safety-ledger"), "ledger.jsonl"));
  for (const label of ["a", "b", "c"]) ledger.recorder(RUN).name(`ego-conformance ${RUN} some.clause ${label}`);
  const session = await target.openSession();
  // the run's spaces: one agent-owned, one completed (user-owned), one handed off (delegated)
  const made = await session.evaluate(async (p, run) => {
    const ids: number[] = [];
    for (const [label, then] of [["a", null], ["b", "completeTaskSpace"], ["c", "handOffTaskSpace"]] as const) {
      const r = (await p.ego.createTaskSpace(`ego-conformance ${run as string} some.clause ${label}`)) as { id: number };
      ids.push(r.id);
      if (then) {
        p.ego.useTaskSpace(r.id);
        await (p.ego as unknown as Record<string, () => Promise<unknown>>)[then]!();
      }
    }
    return ids;
  }, RUN);
  await session.close();
  return { target, user, made, ledger };
}

async function names(target: Target): Promise<string[]> {
  const s = await target.openSession();
  const listing = await documentedListing(s);
  await s.close();
  if (!listing.ok) throw new Error(listing.reason);
  return listing.spaces.map((x) => String(x.name));
}

describe("RunSafety on a shared browser", () => {
  it("closes every space of the run, whatever its ownership, leaves the user's alone, and passes the invariance clause", async () => {
    const { target, ledger } = await world();
    const results = await tempDir("safety-pass");
    const safety = new RunSafety({ target, runId: RUN, resultsDir: results, ledger });
    expect(await safety.begin()).toMatchObject({ ok: true, snapshot: { count: 1, spaces: [{ name: "Groceries", ownership: "user", createdBy: "user", recentTabTitles: ["Shop"] }] } });
    const cleanup = await safety.cleanup({ keep: false });
    expect(cleanup.error).toBeUndefined();
    expect(cleanup.outcome?.problems).toEqual([]);
    expect(cleanup.outcome?.closed).toHaveLength(3);
    expect(await names(target)).toEqual(["Groceries"]);
    expect(await safety.finish()).toEqual({ status: "passed" });
    const [result, ...more] = await readResults(results);
    expect(more).toEqual([]);
    expect(result).toMatchObject({ status: "passed" });
    expect(labelValue(result!, "clause")).toBe(INVARIANCE_CLAUSE_ID);
    expect(labelValue(result!, "target")).toBe("fake");
  });

  it("keeps the run's spaces when asked to (--keep-on-failure on a failed run)", async () => {
    const { target, ledger } = await world();
    const safety = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("safety-keep"), ledger });
    await safety.begin();
    expect(await safety.cleanup({ keep: true })).toEqual({ kept: true, bugs: [] });
    expect(await names(target)).toHaveLength(4);
  });

  it("never acts on an id that is no longer listed under the chosen name", async () => {
    const { target, user } = await world();
    const s = await target.openSession();
    const outcome = await closeOwnSpaces(s, [{ id: user.id, name: `ego-conformance ${RUN} stale` }]);
    await s.close();
    expect(outcome.skipped).toEqual([{ id: user.id, reason: `listed as "Groceries", not "ego-conformance ${RUN} stale": not acted on` }]);
    expect(await names(target)).toContain("Groceries");
  });

  it("catches a harness bug that touches the user's space: the clause fails and attaches the diff", async () => {
    const { target, ledger } = await world();
    const results = await tempDir("safety-bug");
    const safety = new RunSafety({ target, runId: RUN, resultsDir: results, harnessBugs: ["cleanup-claims-user-space"], ledger });
    await safety.begin();
    const cleanup = await safety.cleanup({ keep: false });
    expect(cleanup.bugs).toEqual([expect.stringMatching(/^cleanup-claims-user-space: claimed "Groceries"/)]);
    const verdict = await safety.finish();
    expect(verdict.status).toBe("failed");
    expect(verdict.message).toMatch(/changed: "Groceries" \(id \d+\) ownership: "user" -> "agent"/);
    const [result] = await readResults(results);
    expect(result).toMatchObject({ status: "failed", message: verdict.message });
    const raw = JSON.parse(await readFile(result!.file, "utf8")) as { attachments: { name: string; source: string; type: string }[] };
    const diff = raw.attachments.find((a) => a.name === "diff")!;
    expect(diff.type).toBe("application/json");
    expect(JSON.parse(await readFile(join(results, diff.source), "utf8"))).toMatchObject({ unchanged: false, changed: [{ name: "Groceries", changes: [{ field: "ownership" }] }] });
  });

  it("is broken when the spaces cannot be listed", async () => {
    const target: Target = {
      info: createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features }).info,
      operator: undefined,
      close: async () => {},
      openSession: async () => { throw new Error("ego-browser did not start"); },
    };
    const results = await tempDir("safety-broken");
    const safety = new RunSafety({ target, runId: RUN, resultsDir: results, ledger: new Ledger(join(results, "ledger.jsonl")) });
    expect(await safety.begin()).toEqual({ ok: false, reason: "ego-browser did not start" });
    expect((await safety.cleanup({ keep: false })).error).toBe("ego-browser did not start");
    expect(await safety.finish()).toMatchObject({ status: "broken", message: /before the run: ego-browser did not start/ });
  });
});

describe("cleanup after an interrupted run", () => {
  it("lists again after closing, and closes a space a stopped probe created late", async () => {
    const { target, ledger } = await world();
    const safety = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("safety-late"), ledger });
    await safety.begin();
    // a probe still in flight creates one more space of the run shortly after cleanup starts
    const late = (async () => {
      await new Promise((r) => setTimeout(r, 60));
      const s = await target.openSession();
      ledger.recorder(RUN).name(`ego-conformance ${RUN} late.clause x`);
      await s.evaluate(async (p, run) => p.ego.createTaskSpace(`ego-conformance ${run as string} late.clause x`), RUN);
      await s.close();
    })();
    const cleanup = await safety.cleanup({ keep: false, settleMs: 150 });
    await late;
    expect(cleanup.outcome?.problems).toEqual([]);
    expect(cleanup.outcome?.closed).toHaveLength(4);
    expect(await names(target)).toEqual(["Groceries"]);
  });
});

describe("cleanup closes only what the run ledger proves to be the run's", () => {
  it("leaves a user's Space named with the run's prefix, and an unrecorded agent space, and says so", async () => {
    const { target, ledger } = await world();
    const impostor = await target.operator!.createUserSpace(`ego-conformance ${RUN} some.clause a`);
    const s = await target.openSession();
    const stray = (await s.evaluate(async (p, run) => p.ego.createTaskSpace(`ego-conformance ${run as string} not.recorded x`), RUN)) as { id: number };
    await s.close();
    const safety = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("safety-unproven"), ledger });
    await safety.begin();
    const cleanup = await safety.cleanup({ keep: false });
    expect(cleanup.outcome?.closed).toHaveLength(3);
    expect(cleanup.outcome?.problems).toEqual([
      `"ego-conformance ${RUN} some.clause a" (id ${impostor.id}, createdBy "user"): not created by the agent; left alone`,
      `"ego-conformance ${RUN} not.recorded x" (id ${stray.id}, createdBy "agent"): looks like ours, not recorded in the run ledger; left alone`,
    ]);
    expect((await names(target)).sort()).toEqual(["Groceries", `ego-conformance ${RUN} not.recorded x`, `ego-conformance ${RUN} some.clause a`].sort());
    const s2 = await target.openSession();
    const listing = await documentedListing(s2);
    await s2.close();
    expect(listing.ok && listing.spaces.find((x) => x.id === impostor.id)).toMatchObject({ createdBy: "user", ownership: "user" });
  });
});

describe("overlapping runs on one browser", () => {
  const OTHER = "20261130-124513-0b0b0b";

  async function create(target: Target, name: string): Promise<number> {
    const s = await target.openSession();
    const made = (await s.evaluate(async (p, name) => p.ego.createTaskSpace(name as string), name)) as { id: number };
    await s.close();
    return made.id;
  }

  it("each run's invariance clause leaves out what the other live run made and closed, and both clean up", async () => {
    const { target, ledger } = await world();
    const aResults = await tempDir("overlap-a");
    const a = new RunSafety({ target, runId: RUN, resultsDir: aResults, ledger });
    await a.begin();
    // run B starts while A is going on, and makes spaces A sees come and go
    const b = new RunSafety({ target, runId: OTHER, resultsDir: await tempDir("overlap-b"), ledger });
    ledger.recorder(OTHER).name(`ego-conformance ${OTHER} c space-1`);
    await create(target, `ego-conformance ${OTHER} c space-1`);
    await b.begin();
    ledger.recorder(OTHER).name(`ego-conformance ${OTHER} c space-2`);
    await create(target, `ego-conformance ${OTHER} c space-2`);
    // A ends while B's spaces are still there
    expect((await a.cleanup({ keep: false })).outcome?.problems).toEqual([]);
    expect(await a.finish()).toEqual({ status: "passed" });
    a.end();
    // B closes its own (and only its own) and passes too, though A's spaces were there when it began
    const bCleanup = await b.cleanup({ keep: false });
    expect(bCleanup.outcome?.problems).toEqual([]);
    expect(bCleanup.outcome?.closed).toHaveLength(2);
    expect(await b.finish()).toEqual({ status: "passed" });
    b.end();
    expect(await names(target)).toEqual(["Groceries"]);
    const [result] = await readResults(aResults);
    const raw = JSON.parse(await readFile(result!.file, "utf8")) as { attachments: { name: string }[] };
    expect(raw.attachments.map((x) => x.name)).toContain("spaces of other live runs (left out)");
  });

  it("leaves out the spaces of a run that was live when this one began and died without an end", async () => {
    const { target, ledger } = await world();
    // B started before A (as 12 s before), its process alive; its liveness is its pid and start time
    const B_PID = 4_000_001;
    const live = new Set([B_PID]);
    const alive = (pid: number) => live.has(pid);
    ledger.startRun(OTHER, B_PID);
    await new Promise((r) => setTimeout(r, 5));
    const a = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("overlap-dead"), ledger, alive });
    await a.begin();
    // B makes a space while A goes on, then dies (SIGKILL: no run-end in the ledger)
    ledger.recorder(OTHER).name(`ego-conformance ${OTHER} c space-1`);
    await create(target, `ego-conformance ${OTHER} c space-1`);
    live.delete(B_PID);
    expect((await a.cleanup({ keep: false })).outcome?.problems).toEqual([]);
    const verdict = await a.finish();
    expect(verdict, verdict.message).toEqual({ status: "passed" });
  });

  it("still blames the run for a space of a run that was over before it began", async () => {
    const { target, ledger } = await world();
    ledger.startRun(OTHER);
    ledger.recorder(OTHER).name(`ego-conformance ${OTHER} c space-1`);
    const leftover = await create(target, `ego-conformance ${OTHER} c space-1`);
    ledger.endRun(OTHER);
    await new Promise((r) => setTimeout(r, 5));
    const a = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("overlap-old"), ledger });
    await a.begin();
    const s = await target.openSession();
    await s.evaluate(async (p, id) => {
      p.ego.useTaskSpace(id as number);
      await p.ego.closeTaskSpace();
    }, leftover);
    await s.close();
    // the fake's close is eventually consistent: wait until the listing no longer shows the space (bounded)
    const deadline = Date.now() + 10_000;
    while ((await names(target)).includes(`ego-conformance ${OTHER} c space-1`)) {
      if (Date.now() > deadline) throw new Error("the closed space was still listed after 10 s");
      await new Promise((r) => setTimeout(r, 20));
    }
    const verdict = await a.finish();
    expect(verdict.status).toBe("failed");
    expect(verdict.message).toMatch(new RegExp(`removed: "ego-conformance ${OTHER} c space-1"`));
  });
});

describe("sweep while a run is live", () => {
  it("touches no space: the live run's invariance check watches every space that is not its own, a dead run's leftovers too", async () => {
    // RUN's spaces (agent-owned, completed, handed off) are the leftovers of a run that died (SIGKILL: no end)
    const { target, ledger } = await world();
    ledger.startRun(RUN, 4_000_003);
    const LIVE = "20261130-124502-0a0b0c";
    const live = new RunSafety({ target, runId: LIVE, resultsDir: await tempDir("sweep-live"), ledger });
    await live.begin();
    const before = await names(target);
    const outcome = await sweep(target, { yes: true, ledger });
    expect(outcome.closed).toEqual([]);
    expect(outcome.problems?.join("\n")).toContain(`run ${LIVE} is live`);
    expect(outcome.runs.flatMap((r) => r.spaces).map((x) => x.result)).toEqual(["skipped", "skipped", "skipped"]);
    expect(await names(target)).toEqual(before);
    const text = renderSweep({ cli: "ego-browser", ...outcome }, true);
    // the last line says what happened and why, never a label with nothing after it
    expect(text.trimEnd().split("\n").at(-1), text).toMatch(/sweep again once it has ended$/);
    expect(text).toContain(`run ${LIVE} is live`);
    await live.cleanup({ keep: false });
    const verdict = await live.finish();
    expect(verdict, verdict.message).toEqual({ status: "passed" });
  });

  it("closes a dead run's leftovers once no run is live", async () => {
    const { target, ledger } = await world();
    ledger.startRun(RUN, 4_000_003);
    const outcome = await sweep(target, { yes: true, ledger });
    expect(outcome.problems).toEqual([]);
    expect(outcome.closed).toHaveLength(3);
  });
});

describe("a build whose closed spaces stay listed", () => {
  it("gets one bound per run for closes that never settle, not one per space and pass", { timeout: 30_000 }, async () => {
    // closeTaskSpace answers, but the space never leaves the listing
    const target = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, closeDelayMs: 1e9 });
    const ledger = new Ledger(join(await tempDir("never-settle"), "ledger.jsonl"));
    const safety = new RunSafety({ target, runId: RUN, resultsDir: await tempDir("never-settle-r"), ledger, closeBoundMs: 1000, closeBudgetMs: 1500 });
    await safety.begin();
    const s = await target.openSession();
    for (const label of ["a", "b", "c", "d", "e", "f"]) {
      ledger.recorder(RUN).name(`ego-conformance ${RUN} some.clause ${label}`);
      await s.evaluate(async (p, name) => p.ego.createTaskSpace(name as string), `ego-conformance ${RUN} some.clause ${label}`);
    }
    await s.close();
    const started = Date.now();
    const cleanup = await safety.cleanup({ keep: false });
    const elapsed = Date.now() - started;
    // 6 spaces x 1 s each without a run bound (over 6 s); with it, the budget and the closes' own round trips
    expect(elapsed).toBeLessThan(4000);
    expect(cleanup.outcome?.problems.join("\n")).toMatch(/still listed/);
    expect(cleanup.outcome?.problems.join("\n")).toMatch(/the run's bound on closes that do not settle \(1500 ms\) is spent/);
  });
});
