// Observations of real pages that must not change with load. Under CPU stress (two busy loops per
// core, killed after): a tab closed over the raw CDP channel is gone from the first listTabs after
// the close's answer, 20 times in a row; no snapshot taken while a page with a cross-origin iframe
// loads names a frame Chromium does not know, over 20 loads; and a run of the tabs area, where the
// clauses that read a page's state after it changes live, observes the fake's own choices (no
// failed clause, no open detail that differs from the fake), as the matrix's columns must.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { FIXTURE_PAGES } from "../../src/fixture-pages/index.js";
import { createProbeScope } from "../../src/probe/runtime.js";
import { runCli } from "../cli/run-cli.js";
import { startCpuStress, type CpuStress } from "../support/cpu-stress.js";
import { tempDir } from "../support/temp-dir.js";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const REPEATS = 20;
const fixtures = useFixturePages();
closeBrowsersAfterAll();

describe.skipIf(NO_CHROMIUM)("real pages under CPU stress", () => {
  let stress: CpuStress | undefined;
  beforeAll(() => {
    stress = startCpuStress();
  });
  afterAll(async () => {
    await stress?.stop();
  });

  it(`a tab closed with Target.closeTarget is not listed by the first listTabs after the answer, ${REPEATS} times in a row`, async () => {
    const b = createFakeBrowser({ chromium: CHROMIUM! });
    try {
      const ego: Loose = b.newBinding();
      const space = await ego.createTaskSpace("under-load close");
      ego.useTaskSpace(space.id);
      const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 15_000 });
      const stillListed: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const tab = await ego.createTab(`data:text/html,<title>close ${i}</title><p>closing ${i}</p>`);
        const closed = await cdp.send("Target.closeTarget", { targetId: tab.targetId });
        expect(closed.result, JSON.stringify(closed)).toBeDefined();
        const listed = (await ego.listTabs()) as { tabs: { targetId: string }[] };
        if (listed.tabs.some((t) => t.targetId === tab.targetId)) stillListed.push(i);
      }
      expect(stillListed, "closes whose tab the next listTabs still listed").toEqual([]);
    } finally {
      await b.shutdown();
    }
  }, 240_000);

  it(`no frameId of a snapshot taken while a page with a cross-origin iframe loads names a frame Chromium does not know, over ${REPEATS} loads`, async () => {
    const server = await fixtures();
    const b = createFakeBrowser({ chromium: CHROMIUM! });
    try {
      const ego: Loose = b.newBinding();
      const space = await ego.createTaskSpace("under-load frames");
      ego.useTaskSpace(space.id);
      const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 15_000 });
      const end = JSON.stringify(FIXTURE_PAGES.frameRefsChild.end!);
      const stale: { load: number; unknown: string[] }[] = [];
      let checked = 0;
      for (let load = 0; load < REPEATS; load++) {
        const tab = await ego.createTab(server.url("frameRefs", { query: { load: String(load) } }));
        const session = (await cdp.send("Target.attachToTarget", { targetId: tab.targetId, flatten: true })).result?.sessionId as string;
        const deadline = Date.now() + 20_000;
        for (;;) {
          const snap = (await ego.snapshot().catch(() => undefined)) as { content: string; refs: { frameId?: string }[] } | undefined;
          const frameIds = [...new Set((snap?.refs ?? []).flatMap((r) => (r.frameId === undefined ? [] : [r.frameId])))];
          if (frameIds.length > 0) {
            const known = new Set<string>();
            const walk = (node: Loose) => {
              if (node?.frame?.id) known.add(node.frame.id);
              for (const child of node?.childFrames ?? []) walk(child);
            };
            walk((await cdp.send("Page.getFrameTree", {}, session)).result?.frameTree);
            for (const t of (await cdp.send("Target.getTargets")).result?.targetInfos ?? []) known.add(t.targetId);
            checked++;
            const unknown = frameIds.filter((f) => !known.has(f));
            if (unknown.length > 0) stale.push({ load, unknown });
          }
          if ((snap?.content.split(end).length ?? 0) - 1 >= 2) break;
          expect(Date.now(), `load ${load}: the page and both frames loaded within 20 s`).toBeLessThan(deadline);
        }
        await cdp.send("Target.closeTarget", { targetId: tab.targetId });
      }
      expect(checked, "snapshots with frame refs were checked").toBeGreaterThanOrEqual(REPEATS);
      expect(stale, "snapshots whose refs named a frame Chromium did not know").toEqual([]);
    } finally {
      await b.shutdown();
    }
  }, 400_000);

  it("a run of the tabs area on real pages observes the fake's own choices: no failed clause, no open detail that differs", async () => {
    const dir = await tempDir("under-load-run");
    const record = join(dir, "tabs.json");
    const r = await runCli(["run", "--area", "tabs", "--pages", "chromium", "--no-report", "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json"), "--record", record], { timeoutMs: 400_000 });
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
    const transcript = JSON.parse(await readFile(record, "utf8")) as { clauses: { id: string; verdict: string; openDetail?: string }[] };
    const off = transcript.clauses.filter((c) => !["passed", "unspecified"].includes(c.verdict) || (c.openDetail !== undefined && c.openDetail !== "as-the-fake-chose"));
    expect(transcript.clauses.length, "the tabs area's clauses ran").toBeGreaterThan(5);
    expect(off.map((c) => ({ id: c.id, verdict: c.verdict, openDetail: c.openDetail })), "clauses that differ from the fake's own choice under load").toEqual([]);
  }, 420_000);
});
