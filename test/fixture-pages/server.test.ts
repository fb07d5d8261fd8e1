/** The fixture pages and their loopback server: what it serves, to whom, and that no page reaches another host. */
import { readdir, readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_PAGES, FIXTURE_PAGES_DIR, startFixtureServer, type FixtureServer } from "../../src/fixture-pages/index.js";
import { launchChromium } from "./chromium.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, redirect: "manual" });

describe("the server", () => {
  it("listens on 127.0.0.1 at a port the system chose, and names the same port as the cross origin", () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    expect(server.crossOrigin).toBe(`http://localhost:${server.port}`);
  });

  it("serves every catalogue page as HTML, and / as the index", async () => {
    for (const name of Object.keys(FIXTURE_PAGES) as (keyof typeof FIXTURE_PAGES)[]) {
      const res = await get(server.url(name));
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/^<!doctype html>/i);
    }
    expect(await (await get(`${server.origin}/`)).text()).toContain("<title>Fixture pages</title>");
  });

  it("every page file is in the catalogue, and every catalogue page is a file", async () => {
    const files = (await readdir(FIXTURE_PAGES_DIR)).filter((f) => f.endsWith(".html")).map((f) => `/${f}`).sort();
    expect(Object.values(FIXTURE_PAGES).map((p) => p.path).sort()).toEqual(files);
  });

  it("replaces {{CROSS_ORIGIN}} with the other host name's origin", async () => {
    const fromIp = await (await get(server.url("frames"))).text();
    expect(fromIp).toContain(`src="${server.crossOrigin}/frame-child.html`);
    const fromName = await (await get(server.url("frames", { cross: true }))).text();
    expect(fromName).toContain(`src="${server.origin}/frame-child.html`);
    expect(fromIp).not.toContain("{{");
  });

  it("refuses unknown paths, other methods and foreign Host headers", async () => {
    expect((await get(`${server.origin}/missing.html`)).status).toBe(404);
    expect((await get(`${server.origin}/../package.json`)).status).toBe(404);
    expect((await get(server.url("form"), { method: "POST", body: "x" })).status).toBe(405);
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: server.port, path: "/form.html", headers: { host: "evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it("records the requests it served", async () => {
    const before = server.requests.length;
    await get(server.url("about"));
    expect(server.requests.slice(before)).toEqual([{ method: "GET", host: `127.0.0.1:${server.port}`, path: "/about.html", status: 200 }]);
  });

  it("close() ends open keep-alive connections and is idempotent", async () => {
    const own = await startFixtureServer();
    await (await fetch(own.url("form"))).text(); // fetch keeps the socket alive
    await Promise.race([
      Promise.all([own.close(), own.close()]),
      new Promise((_, reject) => setTimeout(() => reject(new Error("close() waited on a keep-alive socket")), 5_000)),
    ]);
    await expect(fetch(own.url("form"))).rejects.toThrow();
  });
});

describe("the pages, read as text", () => {
  it("name no host: every URL is relative or a {{...}} template of the fixture server", async () => {
    for (const file of (await readdir(FIXTURE_PAGES_DIR)).filter((f) => f.endsWith(".html"))) {
      const html = await readFile(`${FIXTURE_PAGES_DIR}/${file}`, "utf8");
      const urls = [...html.matchAll(/\b(?:src|href|action|data|poster|srcset)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]!);
      for (const url of urls) expect(url, `${file}: ${url}`).toMatch(/^(\/(?!\/)|\{\{(CROSS_)?ORIGIN\}\}\/|data:,$)/);
      expect(html, file).not.toMatch(/https?:\/\/|url\(|@import|\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    }
  });
});

describe("the pages in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a page in a fresh context that aborts and records every request to another host. */
  async function open(url: string, before?: (page: Page) => void) {
    const context = await browser.newContext();
    const foreign: string[] = [];
    const seen: string[] = [];
    const allowed = new Set([new URL(server.origin).host, new URL(server.crossOrigin).host]);
    await context.route("**/*", (route) => {
      const u = new URL(route.request().url());
      seen.push(u.href);
      if ((u.protocol === "http:" || u.protocol === "https:") && !allowed.has(u.host)) {
        foreign.push(u.href);
        return route.abort();
      }
      return route.continue();
    });
    const page = await context.newPage();
    before?.(page);
    await page.goto(url, { waitUntil: "load" });
    return { context, page, foreign, seen };
  }

  it("no page loads anything from another host (every request routed and checked)", async () => {
    for (const name of Object.keys(FIXTURE_PAGES) as (keyof typeof FIXTURE_PAGES)[]) {
      const { context, page, foreign, seen } = await open(server.url(name), (p) => p.on("dialog", (d) => void d.dismiss()));
      // navigates.html loads landed.html by itself: its requests are checked once it has landed (bounded)
      if (name === "navigates") await page.waitForURL(server.url("landed"), { timeout: 10_000, waitUntil: "load" });
      else await page.waitForTimeout(50);
      expect(foreign, name).toEqual([]);
      expect(seen.length, name).toBeGreaterThan(0);
      await context.close();
    }
  }, 60_000);

  it("frames.html has a same-origin and a cross-origin iframe, both loaded", async () => {
    const { context, page } = await open(server.url("frames"));
    const children = page.frames().filter((f) => f !== page.mainFrame());
    expect(children.map((f) => new URL(f.url()).origin).sort()).toEqual([server.origin, server.crossOrigin].sort());
    for (const frame of children) await expect(frame.getByRole("button", { name: "Inside frame" }).count()).resolves.toBe(1);
    // a string, evaluated in the page (the harness compiles without the DOM library)
    const crossReadable = await page.evaluate(
      `[...document.querySelectorAll("iframe")].map((f) => { try { return f.contentDocument !== null; } catch { return false; } })`,
    );
    expect(crossReadable).toEqual([true, false]);
    await context.close();
  });

  it("tall.html is taller than the viewport", async () => {
    const { context, page } = await open(server.url("tall"));
    const { scroll, inner } = await page.evaluate<{ scroll: number; inner: number }>(`({ scroll: document.documentElement.scrollHeight, inner: innerHeight })`);
    expect(scroll).toBeGreaterThan(inner * 2);
    await expect(page.getByRole("button", { name: "Bottom button" }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("dialog.html opens a dialog by itself, of the kind asked for", async () => {
    for (const kind of ["alert", "confirm", "prompt"]) {
      const dialogs: string[] = [];
      const { context, page } = await open(server.url("dialog", { query: { kind } }), (p) =>
        p.on("dialog", (d) => {
          dialogs.push(d.type());
          void d.accept();
        }),
      );
      await expect.poll(() => dialogs, { timeout: 5_000 }).toEqual([kind]);
      await expect.poll(() => page.locator("#answer").textContent()).toMatch(/^answered: /);
      await context.close();
    }
  });

  it("dialog.html?auto=0 opens none until its button is pressed", async () => {
    const dialogs: string[] = [];
    const { context, page } = await open(server.url("dialog", { query: { auto: "0" } }), (p) =>
      p.on("dialog", (d) => {
        dialogs.push(d.type());
        void d.dismiss();
      }),
    );
    await page.waitForTimeout(100);
    expect(dialogs).toEqual([]);
    await page.getByRole("button", { name: "Open dialog" }).click();
    await expect.poll(() => dialogs).toEqual(["alert"]);
    await context.close();
  });

  it("geolocation.html asks for the position on load", async () => {
    const context = await browser.newContext({ geolocation: { latitude: 59.9, longitude: 10.7 }, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.goto(server.url("geolocation"));
    await expect.poll(() => page.locator("#where").textContent(), { timeout: 5_000 }).toBe("at 59.9,10.7");
    await context.close();
  });

  it("navigates.html goes to landed.html by itself", async () => {
    const { context, page } = await open(server.url("navigates", { query: { delay: "50" } }));
    await page.waitForURL(server.url("landed"), { timeout: 5_000 });
    await context.close();
  });
});
