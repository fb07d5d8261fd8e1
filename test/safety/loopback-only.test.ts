// No clause sends someone's browser beyond loopback: every network URL written in the suites and
// the harness names 127.0.0.1, localhost or [::1]. Pages with content come from the fixture server
// (src/fixture-pages, loopback, port 0); a tab that needs only a URL opens an offline data: URL
// (src/harness/offline-urls.ts).
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { sourceFilesUnder } from "../support/source-files.js";
import { hostOf, nonLoopbackUrls, urlLiterals } from "./url-literals.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["suites", "src/harness", "src/probe"];

describe("the URL-literal reader", () => {
  it("finds network URLs in strings and templates, not in comments, and knows loopback", () => {
    const text = [
      "// see https://example.com/docs (a comment opens nothing)",
      'const a = "https://example.com/cart";',
      "const b = `http://127.0.0.1:${port}/form.html`;",
      "const c = `${base}/x and wss://evil.test:443/socket`;",
      'const d = "data:text/html,offline"; const e = "http://[::1]:80/"; const f = "http://LOCALHOST/";',
    ].join("\n");
    expect(urlLiterals("x.ts", text).map((u) => [u.host, u.line])).toEqual([
      ["example.com", 2],
      ["127.0.0.1", 3],
      ["evil.test", 4],
      ["[::1]", 5],
      ["localhost", 5],
    ]);
    expect(nonLoopbackUrls("x.ts", text).map((u) => u.url)).toEqual(["https://example.com", "wss://evil.test:443"]);
    expect(hostOf("user:pw@Example.COM:8080")).toBe("example.com");
  });
});

describe("offlineUrl", () => {
  it("makes a data: URL that a URL parser leaves as it is, and refuses labels a browser would re-encode", () => {
    const url = offlineUrl("only-in-a");
    expect(url).toBe("data:text/html,ego-conformance-only-in-a");
    expect(new URL(url).href).toBe(url);
    for (const bad of ["", "A", "with space", "a--b", "-a", "a/b", "a%20b", "<title>"]) expect(() => offlineUrl(bad), bad).toThrow();
  });
});

describe("suites and harness", () => {
  it("write no URL that leaves loopback", () => {
    const offenders = SCANNED.flatMap((dir) =>
      sourceFilesUnder(join(ROOT, dir)).flatMap((file) =>
        nonLoopbackUrls(file, readFileSync(file, "utf8")).map((u) => `${relative(ROOT, file)}:${u.line} ${u.url}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
