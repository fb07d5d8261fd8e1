/**
 * compat.html in a real Chromium: the grid renders every target and clause, the area and status
 * filters work (and keep their state in the URL hash), the diff view shows the known change
 * between the current build and the persona without error codes, and no request leaves loopback.
 *
 * Every expectation is computed from the compat.json written next to the page (global-setup.ts),
 * with the same rules the page embeds (src/matrix/change.ts), never hard-coded.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test as base, type Page } from "@playwright/test";
import { CHANGE_KINDS, diffColumns } from "../../src/matrix/change.js";
import { parseCompatJson, type CompatJson } from "../../src/matrix/compat-schema.js";
import { OUTCOME_TEXT, type Outcome } from "../../src/outcomes/statuses.js";
import { matrixVerdict } from "../../src/matrix/verdict.js";
import { PERSONAS } from "../../src/contract/personas.js";
import { COMPAT_DIR_ENV, PAGE_MUTANT } from "./global-setup.js";

function compatDir(): string {
  const dir = process.env[COMPAT_DIR_ENV];
  if (!dir) throw new Error(`${COMPAT_DIR_ENV} is not set: the global setup did not run`);
  return dir;
}

interface Guard {
  /** every request the page made */
  requests: string[];
  /** requests to anything but 127.0.0.1 (aborted) */
  blocked: string[];
}

const LOOPBACK = new Set(["127.0.0.1"]);

const test = base.extend<{ guard: Guard }, { server: { url: string; extra: Map<string, string> } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = compatDir();
      const extra = new Map<string, string>();
      const files: Record<string, [string, string]> = {
        "/compat.html": [join(dir, "compat.html"), "text/html; charset=utf-8"],
        "/compat.json": [join(dir, "compat.json"), "application/json"],
      };
      const server: Server = createServer((req, res) => {
        const path = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
        const page = extra.get(path);
        if (page !== undefined) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
          return;
        }
        const file = files[path];
        if (!file) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { "content-type": file[1] }).end(readFileSync(file[0]));
      });
      await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
      const { port } = server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}`, extra });
      await new Promise<void>((ok) => server.close(() => ok()));
    },
    { scope: "worker" },
  ],
  guard: async ({ page }, use) => {
    const guard: Guard = { requests: [], blocked: [] };
    page.on("request", (request) => guard.requests.push(request.url()));
    await page.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === "file:" || url.protocol === "data:" || LOOPBACK.has(url.hostname)) return route.continue();
      guard.blocked.push(url.href);
      return route.abort("blockedbyclient");
    });
    await use(guard);
  },
});

const compat: CompatJson = parseCompatJson(readFileSync(join(compatDir(), "compat.json"), "utf8"));
const key = (persona: string) => {
  const target = compat.targets.find((t) => t.persona === persona);
  if (!target) throw new Error(`compat.json has no target for persona ${persona}`);
  return target.key;
};
/** A failed cell: on the broken fake the global setup adds, or (for another page) wherever there is one. */
function failedCell(): { clause: (typeof compat.clauses)[number]; key: string } {
  const mutant = compat.targets.find((t) => t.spec.kind === "fake" && t.spec.mutants.includes(PAGE_MUTANT));
  const keys = [...(mutant ? [mutant.key] : []), ...compat.targets.map((t) => t.key)];
  for (const key of keys) {
    const clause = compat.clauses.find((c) => c.cells[key]?.status === "failed");
    if (clause) return { clause, key };
  }
  throw new Error(`no target failed a clause (the global setup's fake with mutant ${PAGE_MUTANT} should)`);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
}

async function visibleClauseRows(page: Page): Promise<string[]> {
  return page.locator("tr.clause:visible").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-clause") ?? ""));
}

const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

test("renders a column per target and a row per clause, each cell labelled by its status", async ({ page, server, guard }) => {
  await open(page, `${server.url}/compat.html`);
  const columns = await page.locator("table.grid thead tr.targets th[data-target]").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-target")));
  expect(columns).toEqual(compat.targets.map((t) => t.key));
  expect(await page.locator("tr.clause").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-clause")))).toEqual(compat.clauses.map((c) => c.id));
  expect(await page.locator("tr.area").count()).toBe(compat.areas.length);

  for (const target of compat.targets) {
    await expect(page.locator(`tr.scores th[data-target="${target.key}"]`)).toContainText(percent(target.score.value));
    const cells = page.locator(`td.cell[data-target="${target.key}"]`);
    await expect(cells).toHaveCount(compat.clauses.length);
    const statuses = await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute("data-status")));
    expect(statuses).toEqual(compat.clauses.map((c) => c.cells[target.key]!.status));
  }
  // text, not colour alone: a failed cell says so
  const failed = page.locator('td.cell[data-status="failed"] button').first();
  await expect(failed).toHaveText(OUTCOME_TEXT.failed.short);
  await expect(failed).toHaveAttribute("aria-label", /failed: a contract violation/);
  expect(guard.blocked).toEqual([]);
});

test("the area filter shows only the chosen areas and keeps them in the URL hash", async ({ page, server }) => {
  await open(page, `${server.url}/compat.html`);
  await page.locator('#area-filter button[data-none="area"]').click();
  expect(await visibleClauseRows(page)).toEqual([]);
  await page.locator('input[name="area"][value="error-codes"]').check();
  await page.locator('input[name="area"][value="profiles"]').check();
  const expected = compat.clauses.filter((c) => c.area === "error-codes" || c.area === "profiles").map((c) => c.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(await visibleClauseRows(page)).toEqual(expected);
  await expect(page.locator("#shown")).toHaveText(`Showing ${expected.length} of ${compat.clauses.length} clauses`);
  expect(new URL(page.url()).hash).toMatch(/areas=error-codes%2Cprofiles|areas=error-codes,profiles/);

  // the hash alone reproduces the view
  await open(page, `${server.url}/compat.html${new URL(page.url()).hash}`);
  expect(await visibleClauseRows(page)).toEqual(expected);
  await expect(page.locator('input[name="area"][value="tabs"]')).not.toBeChecked();
});

test("the status filter shows the clauses that have a cell of the chosen statuses", async ({ page, server }) => {
  await open(page, `${server.url}/compat.html`);
  for (const status of Object.keys(OUTCOME_TEXT) as Outcome[]) {
    if (status !== "failed") await page.locator(`input[name="status"][value="${status}"]`).uncheck();
  }
  const withFailure = compat.clauses.filter((c) => Object.values(c.cells).some((cell) => cell.status === "failed")).map((c) => c.id);
  expect(withFailure.length, `the fake with mutant ${PAGE_MUTANT} fails clauses`).toBeGreaterThan(0);
  expect(await visibleClauseRows(page)).toEqual(withFailure);

  await page.locator('input[name="status"][value="not-applicable"]').check();
  const either = compat.clauses.filter((c) => Object.values(c.cells).some((cell) => cell.status === "failed" || cell.status === "not-applicable")).map((c) => c.id);
  expect(await visibleClauseRows(page)).toEqual(either);

  await page.locator("#reset").click();
  expect((await visibleClauseRows(page)).length).toBe(compat.clauses.length);
  await page.locator("#differ").check();
  const differing = compat.clauses.filter((c) => new Set(Object.values(c.cells).map((x) => `${x.status}:${x.outcome ?? ""}`)).size > 1).map((c) => c.id);
  expect(await visibleClauseRows(page)).toEqual(differing);
});

test("a cell opens its details: status, reason or message", async ({ page, server }) => {
  await open(page, `${server.url}/compat.html`);
  const { clause, key: target } = failedCell();
  const cell = clause.cells[target]!;
  await page.locator(`button[data-clause="${clause.id}"][data-target="${target}"]`).click();
  const details = page.locator("#details");
  await expect(details).toBeVisible();
  await expect(details).toContainText(clause.id);
  await expect(details).toContainText(OUTCOME_TEXT.failed.long);
  await expect(details).toContainText(cell.messages![0]!.split("\n")[0]!.slice(0, 60));
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
});

test("what changed between the current build and the persona without error codes", async ({ page, server }) => {
  const from = key("current");
  const to = key("pre-error-codes");
  await open(page, `${server.url}/compat.html#view=diff&from=${from}&to=${to}`);
  await expect(page.locator("#view-diff")).toBeVisible();
  await expect(page.locator("#view-grid")).toBeHidden();
  await expect(page.locator("#diff-from")).toHaveValue(from);
  await expect(page.locator("#diff-to")).toHaveValue(to);

  const expected = diffColumns(compat.clauses, from, to);
  for (const kind of CHANGE_KINDS) {
    const listed = await page.locator(`section.diff-group[data-change="${kind}"] tr[data-clause]`).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-clause")));
    expect(listed, kind).toEqual(expected[kind].map((c) => c.clause));
  }
  // the known change: without the error-codes feature, clauses that need it no longer apply
  // (those that apply on the current build: a clause that also needs real pages or another feature
  // is not applicable on both, so it did not change)
  const needErrorCodes = compat.clauses.filter((c) => c.features.includes("error-codes") && c.cells[from] !== undefined && c.cells[from].status !== "not-applicable").map((c) => c.id);
  expect(needErrorCodes.length).toBeGreaterThan(0);
  const newlyNotApplicable = expected["newly-not-applicable"].map((c) => c.clause);
  expect(newlyNotApplicable).toEqual(expect.arrayContaining(needErrorCodes));
  expect(newlyNotApplicable.some((id) => id.startsWith("error-codes."))).toBe(true);
  await expect(page.locator('section.diff-group[data-change="newly-not-applicable"] h3')).toHaveText(`Newly not applicable (${newlyNotApplicable.length})`);

  // swapping X and Y turns them into newly applicable ones
  await page.locator("#diff-swap").click();
  await expect(page.locator("#diff-from")).toHaveValue(to);
  const swapped = await page.locator('section.diff-group[data-change="newly-applicable"] tr[data-clause]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-clause")));
  expect(swapped).toEqual(diffColumns(compat.clauses, to, from)["newly-applicable"].map((c) => c.clause));
  expect(swapped).toEqual(expect.arrayContaining(needErrorCodes));

  // choosing with the selects
  await page.locator("#diff-from").selectOption(key("pre-browser-version"));
  await page.locator("#diff-to").selectOption(from);
  const fromOld = diffColumns(compat.clauses, key("pre-browser-version"), from);
  const total = CHANGE_KINDS.reduce((n, k) => n + fromOld[k].length, 0);
  await expect(page.locator("#diff-headline")).toContainText(`${total} clause`);
});

test("says the matrix's verdict at the top, marks failing targets, and lists every failing cell without scrolling", async ({ page, server }) => {
  const verdict = matrixVerdict(compat);
  expect(verdict.clean).toBe(false); // the global setup's broken fake fails a clause
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `${server.url}/compat.html`);
  const top = page.locator("#verdict");
  await expect(top).toContainText("Matrix: NOT CLEAN");
  const box = (await top.boundingBox())!;
  const scoreboard = (await page.locator("#scoreboard").boundingBox())!;
  expect(box.y).toBeLessThan(scoreboard.y); // above the scores
  // every failing cell is listed, and the list is on the first screen
  const listed = await page.locator("#failing-cells li").evaluateAll((lis) => lis.map((li) => `${li.getAttribute("data-clause")}@${li.getAttribute("data-target")}`));
  expect(listed).toEqual(verdict.failingCells.map((f) => `${f.clause}@${f.target}`));
  const list = (await page.locator("#failing-cells").boundingBox())!;
  expect(list.y + Math.min(list.height, 60)).toBeLessThan(900);
  // failing targets carry a mark in words (never colour alone); clean ones do not
  for (const t of compat.targets) {
    const card = page.locator(`#scoreboard li[data-target="${t.key}"]`);
    if (verdict.failingTargets.includes(t.key)) await expect(card.locator(".failing-mark")).toHaveText("FAILING");
    else await expect(card.locator(".failing-mark")).toHaveCount(0);
  }
  const failingBar = await page.locator(`#scoreboard li[data-target="${verdict.failingTargets[0]}"] .bar > span`).evaluate((n) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(n).backgroundColor);
  const clean = compat.targets.find((t) => !verdict.failingTargets.includes(t.key));
  if (clean) expect(failingBar).not.toBe(await page.locator(`#scoreboard li[data-target="${clean.key}"] .bar > span`).evaluate((n) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(n).backgroundColor));
});

test("with only failures ticked, the cells left in view are failures, not passes", async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `${server.url}/compat.html#statuses=failed`);
  const bright = await page.locator("td.cell:visible:not(.dim)").evaluateAll((tds) => tds.map((td) => td.getAttribute("data-status")));
  expect(bright.length).toBeGreaterThan(0);
  expect(new Set(bright)).toEqual(new Set(["failed"]));
  const columns = await page.locator("table.grid thead tr.targets th[data-target]:visible").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-target")));
  expect(columns).toEqual(compat.targets.filter((t) => compat.clauses.some((c) => c.cells[t.key]?.status === "failed")).map((t) => t.key));
});

test("stand-in versions are marked *, as `personas` marks them, and the legend says what the mark means", async ({ page, server }) => {
  const standIn = new Set(PERSONAS.filter((p) => p.versionBasis !== "named build").map((p) => p.name));
  await open(page, `${server.url}/compat.html`);
  for (const t of compat.targets) {
    const heading = page.locator(`table.grid thead tr.targets th[data-target="${t.key}"] > div`).first();
    if (t.persona !== null && standIn.has(t.persona)) await expect(heading).toHaveText(/\*$/);
    else await expect(heading).not.toHaveText(/\*$/);
  }
  if (compat.targets.some((t) => t.persona !== null && standIn.has(t.persona))) await expect(page.locator("#legend .stand-in-note")).toContainText("marked *");
});

test("at 1440 pixels, the clause column and a column for every persona of the default matrix fit without scrolling", async ({ page, server }) => {
  // the default `matrix` has one target per persona; this page has fewer, so the test measures the
  // columns it has: a target column's width does not depend on its heading (the widest is taken)
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `${server.url}/compat.html`);
  const clause = (await page.locator("table.grid thead tr.targets th.corner").boundingBox())!.width;
  const columns = await page.locator("table.grid thead tr.targets th[data-target]").evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().width));
  expect(columns.length).toBe(compat.targets.length);
  const room = await page.locator(".grid-wrap").evaluate((n) => n.clientWidth);
  const widest = Math.max(...columns);
  expect(clause + PERSONAS.length * widest, `a ${clause}-pixel clause column and ${PERSONAS.length} columns of ${widest} pixels in ${room}`).toBeLessThanOrEqual(room);
});

test("the clause column stays in view when the grid scrolls sideways", async ({ page, server }) => {
  // narrower than the clause column and two target columns: the grid must scroll sideways
  await page.setViewportSize({ width: 420, height: 900 });
  await open(page, `${server.url}/compat.html`);
  const first = page.locator("tr.clause th.clause").first();
  const before = (await first.boundingBox())!;
  await page.locator(".grid-wrap").evaluate((n) => { n.scrollLeft = n.scrollWidth; });
  await expect.poll(() => page.locator(".grid-wrap").evaluate((n) => n.scrollLeft)).toBeGreaterThan(0);
  const after = (await first.boundingBox())!;
  expect(after.x).toBe(before.x);
});

test("no request leaves loopback, served or opened from file://", async ({ page, server, guard }) => {
  await open(page, `${server.url}/compat.html`);
  await page.locator("#tab-diff").click();
  await expect(page.locator("#diff-result")).toContainText("changed from");
  await page.locator("#tab-grid").click();
  await page.locator('td.cell button').first().click();
  await page.waitForLoadState("networkidle");
  expect(guard.blocked).toEqual([]);
  expect(guard.requests.length).toBeGreaterThan(0);
  for (const url of guard.requests) expect(new URL(url).hostname).toBe("127.0.0.1");
  expect(guard.requests.map((u) => new URL(u).pathname)).toEqual(["/compat.html"]);

  const fromFile = pathToFileURL(join(compatDir(), "compat.html")).href;
  guard.requests.length = 0;
  await open(page, fromFile);
  await expect(page.locator("tr.clause")).toHaveCount(compat.clauses.length);
  expect(guard.blocked).toEqual([]);
  for (const url of guard.requests) expect(new URL(url).protocol).toBe("file:");
});

test("the loopback guard itself sees and stops a request to another host", async ({ page, server, guard }) => {
  server.extra.set("/leaky.html", `<!doctype html><title>leaky</title><img src="http://ego-conformance.invalid/pixel.png">`);
  await page.goto(`${server.url}/leaky.html`);
  await expect.poll(() => guard.blocked).toEqual(["http://ego-conformance.invalid/pixel.png"]);
});

test("says which builds may ship, by the release gate, at the top and on every card beside the score", async ({ page, server }) => {
  // the gate's own verdicts, as compat.json carries them (src/matrix/target-gate.ts runs the gate)
  expect(compat.gate).toBeDefined();
  const gates = compat.targets.map((t) => ({ key: t.key, gate: t.gate! }));
  for (const g of gates) expect(g.gate, g.key).toBeDefined();
  // the global setup's persona without error codes at the current version has lost coverage: it may not ship
  const lostTarget = gates.find((g) => g.key === key("pre-error-codes"))!;
  expect(lostTarget.gate).toMatchObject({ ship: false });
  expect(lostTarget.gate.lost).toBeGreaterThan(0);
  await open(page, `${server.url}/compat.html`);
  const top = page.locator("#ship");
  const shipping = compat.gate!.ship;
  await expect(top).toContainText(`${shipping.length} of ${compat.targets.length} builds may ship`);
  await expect(top).toContainText(`against ${compat.gate!.against}`);
  for (const g of gates) {
    const card = page.locator(`#scoreboard li[data-target="${g.key}"]`);
    await expect(card.locator(".ship-mark")).toHaveText(g.gate.ship ? "SHIP" : "DO NOT SHIP");
    if (g.gate.lost > 0) await expect(card.locator(".lost")).toContainText(`${g.gate.lost} clauses lost`);
    else await expect(card.locator(".lost")).toHaveCount(0);
  }
  // a card with lost coverage never reads as a whole score without it
  await expect(page.locator(`#scoreboard li[data-target="${lostTarget.key}"] .score`)).toContainText("lost");
});
