// The run ledger (src/safety/ledger.ts) and what it proves (src/safety/proven-ours.ts): where it
// lives, concurrent writers, torn lines, live runs, and ownership that a name alone never gives.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultLedgerPath, Ledger, LedgerView } from "../../src/safety/ledger.js";
import { matchRecords, ownershipOf, sweepVerdict } from "../../src/safety/proven-ours.js";
import type { ListedSpace } from "../../src/safety/listed-space.js";
import { tempDir } from "../support/temp-dir.js";

const RUN = "20250101-000000-abcdef";

function listed(over: Partial<ListedSpace>): ListedSpace {
  return { id: 1, name: `ego-conformance ${RUN} x space-1`, ownership: "agent", createdBy: "agent", profileId: null, profileName: null, recentTabTitles: [], ...over };
}

/** A pid that is certainly gone: a process that has exited. */
async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ["-e", ""]);
  await child;
  return child.pid!;
}

describe("where the ledger lives", () => {
  it("is the env override, else XDG_STATE_HOME, else ~/.local/state", () => {
    expect(defaultLedgerPath({ EGO_CONFORMANCE_LEDGER: "/x/l.jsonl", XDG_STATE_HOME: "/s", HOME: "/h" })).toBe("/x/l.jsonl");
    expect(defaultLedgerPath({ XDG_STATE_HOME: "/s", HOME: "/h" })).toBe("/s/ego-conformance/ledger.jsonl");
    expect(defaultLedgerPath({ HOME: "/h" })).toBe("/h/.local/state/ego-conformance/ledger.jsonl");
  });
});

describe("the ledger file", () => {
  it("keeps every line of concurrent writers (four processes, 300 records each)", { timeout: 60_000 }, async () => {
    const path = join(await tempDir("ledger-conc"), "state", "ledger.jsonl");
    const script = `
      const { Ledger } = await import(${JSON.stringify(new URL("../../src/safety/ledger.ts", import.meta.url).pathname)});
      const r = new Ledger(process.argv[1]).recorder(process.argv[2]);
      for (let i = 0; i < 300; i++) r.space({ id: i, name: "ego-conformance " + process.argv[2] + " c space-" + i + " " + "x".repeat(200), via: "test" });
    `;
    const runs = ["20250101-000000-00000a", "20250101-000000-00000b", "20250101-000000-00000c", "20250101-000000-00000d"];
    await Promise.all(runs.map((run) => execa(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, path, run])));
    const view = new Ledger(path).read();
    for (const run of runs) expect(view.spacesOf(run).map((s) => s.id)).toEqual([...Array(300).keys()]);
  });

  it("skips a line torn by a crash and reads on", async () => {
    const path = join(await tempDir("ledger-torn"), "ledger.jsonl");
    const ledger = new Ledger(path);
    ledger.recorder(RUN).name("ego-conformance a");
    appendFileSync(path, '{"t":"space","runId":"2025');
    appendFileSync(path, "\n");
    ledger.recorder(RUN).name("ego-conformance b");
    expect([...ledger.read().namesOf(RUN)]).toEqual(["ego-conformance a", "ego-conformance b"]);
  });

  it("reads a missing file as an empty ledger", async () => {
    const view = new Ledger(join(await tempDir("ledger-none"), "no", "ledger.jsonl")).read();
    expect(view.runs.size).toBe(0);
  });

  it("knows which runs are live: started, not ended, process alive", async () => {
    const path = join(await tempDir("ledger-live"), "ledger.jsonl");
    const ledger = new Ledger(path);
    ledger.startRun("20250101-000000-00000a");
    ledger.startRun("20250101-000000-00000b", await deadPid());
    ledger.startRun("20250101-000000-00000c");
    ledger.endRun("20250101-000000-00000c");
    expect(ledger.read().liveRuns().map((r) => r.runId)).toEqual(["20250101-000000-00000a"]);
  });
});

describe("ownership", () => {
  const records = { names: new Set([`ego-conformance ${RUN} x space-1`]), spaces: [{ id: 7, name: `ego-conformance ${RUN} x user-created-2`, createdBy: "user" as const }] };

  it("a recorded name with createdBy agent is the run's; with createdBy user it is not", () => {
    expect(matchRecords(listed({}), records)).toEqual({ kind: "recorded", by: "name" });
    expect(matchRecords(listed({ createdBy: "user", ownership: "user" }), records)).toEqual({ kind: "not-agent", createdBy: "user" });
    expect(matchRecords(listed({ name: `ego-conformance ${RUN} x space-9` }), records)).toEqual({ kind: "unrecorded" });
  });

  it("a space the operator made for the run is recorded by id with createdBy user", () => {
    expect(matchRecords(listed({ id: 7, createdBy: "user" }), records)).toEqual({ kind: "recorded", by: "id" });
    expect(matchRecords(listed({ id: 7, createdBy: "agent" }), records)).toEqual({ kind: "not-agent", createdBy: "agent" });
  });

  it("never judges a space with createdBy other than agent, unknown to the records by id, to be the harness's", () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.constant("user"), fc.string(), fc.constant(null)), fc.integer(), (suffix, createdBy, id) => {
        fc.pre(createdBy !== "agent" && id !== 7);
        const space = listed({ id, createdBy, name: `ego-conformance ${RUN} ${suffix}` });
        const names = new Set([space.name as string]);
        expect(ownershipOf(space, () => ({ names, spaces: records.spaces })).kind).not.toBe("recorded");
      }),
    );
  });

  it("sweep leaves the spaces of a live run, takes those of a run that is over, and never a user's Space", async () => {
    const path = join(await tempDir("ledger-sweep"), "ledger.jsonl");
    const ledger = new Ledger(path);
    const live = "20250101-000000-00000a";
    const over = "20250101-000000-00000b";
    ledger.startRun(live, process.ppid);
    ledger.recorder(live).name(`ego-conformance ${live} c space-1`);
    ledger.startRun(over, await deadPid());
    ledger.recorder(over).space({ id: 2, name: `ego-conformance ${over} c space-1`, via: "createTaskSpace" });
    const view: LedgerView = ledger.read();
    expect(sweepVerdict(listed({ id: 1, name: `ego-conformance ${live} c space-1` }), view)).toMatchObject({ kind: "live", runId: live });
    expect(sweepVerdict(listed({ id: 2, name: `ego-conformance ${over} c space-1` }), view)).toMatchObject({ kind: "closable", runId: over, by: "id" });
    expect(sweepVerdict(listed({ id: 3, name: `ego-conformance ${RUN} my tax return`, createdBy: "user", ownership: "user" }), view)).toMatchObject({ kind: "not-agent" });
    expect(sweepVerdict(listed({ id: 4, name: `ego-conformance ${RUN} x` }), view)).toMatchObject({ kind: "unrecorded" });
    expect(sweepVerdict(listed({ id: 5, name: "Groceries" }), view)).toBeNull();
  });
});
