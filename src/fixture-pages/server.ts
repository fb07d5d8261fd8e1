/**
 * The loopback HTTP server of the fixture pages: one port under two host names, `127.0.0.1` and
 * `localhost`, so a page can embed a cross-origin iframe without any other host. Only those two Host
 * headers are answered (no DNS rebinding), and every request is recorded for the tests.
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { FIXTURE_PAGES, type FixturePageName } from "./catalogue.js";

export const FIXTURE_PAGES_DIR = fileURLToPath(new URL("../../fixtures/pages/", import.meta.url));

export interface FixtureRequest {
  method: string;
  host: string;
  path: string;
  status: number;
}

export interface FixtureServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** http://localhost:<port>: the same server as another origin */
  readonly crossOrigin: string;
  readonly port: number;
  /** the URL of a fixture page (or any path) on `origin`, or on `crossOrigin` with `{cross: true}` */
  url(page: FixturePageName | `/${string}`, options?: { cross?: boolean; query?: Record<string, string> }): string;
  /** every request served so far, in order */
  readonly requests: readonly FixtureRequest[];
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8" };

async function loadPages(dir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const file of await readdir(dir)) {
    if (file.endsWith(".html")) pages.set(`/${file}`, await readFile(`${dir}/${file}`, "utf8"));
  }
  return pages;
}

export async function startFixtureServer(options: { dir?: string } = {}): Promise<FixtureServer> {
  const pages = await loadPages(options.dir ?? FIXTURE_PAGES_DIR);
  const requests: FixtureRequest[] = [];
  let port = 0;
  const origins = () => ({ ip: `http://127.0.0.1:${port}`, name: `http://localhost:${port}` });

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? "";
    const { ip, name } = origins();
    const own = `http://${host}`;
    const path = new URL(req.url ?? "/", "http://fixture.invalid").pathname;
    const send = (status: number, body: string, type = "text/plain; charset=utf-8") => {
      requests.push({ method: req.method ?? "", host, path, status });
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (own !== ip && own !== name) return send(421, "unknown host\n");
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n");
    const page = pages.get(path === "/" ? "/index.html" : path);
    if (page === undefined) return send(404, "not found\n");
    const body = page.replaceAll("{{ORIGIN}}", own).replaceAll("{{CROSS_ORIGIN}}", own === ip ? name : ip);
    return send(200, body, CONTENT_TYPES[".html"]);
  };

  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const { ip, name } = origins();
  let closing: Promise<void> | undefined;

  return {
    origin: ip,
    crossOrigin: name,
    port,
    requests,
    url(page, { cross = false, query } = {}) {
      const path = page.startsWith("/") ? page : FIXTURE_PAGES[page as FixturePageName].path;
      const url = new URL(path, cross ? name : ip);
      for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
      return url.href;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
