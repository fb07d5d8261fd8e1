import { describe, expect, it } from "vitest";
import { findExternalRequests, pointsToHost, stripAnalytics } from "../../src/report/offline.js";

/** The tail of an Allure 3.18 awesome index.html, as generated. */
const ALLURE_PAGE = `<!DOCTYPE html>
<html dir="ltr" lang="en">
<head>
    <meta charset="utf-8">
    <title> Ego Lite conformance </title>
    <link rel="icon" href="data:image/svg+xml,%3Csvg width='32' height='32' xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E">
    <script>
      window.allureReportOptions = {"id":"awesome","reportName":"Ego Lite conformance"}
    </script>
</head>
<body>
    <svg viewBox="0 0 32 32" fill="none" xmlns="http://www.w3.org/2000/svg"></svg>
    <div id="app"></div>
    <script>
      const { origin, pathname } = window.location;
      const url = new URL(pathname, origin);
    </script>
    <script   src="app-b3323b2606f19801ef1b.js"></script>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-LNDJ3J7WT0', { "report": "awesome" });
    </script>
      <script async>
        window.allureReportDataReady = true;
      </script>
</body>
</html>`;

describe("findExternalRequests", () => {
  it("catches the Google Tag Manager script of an Allure page", () => {
    expect(findExternalRequests(ALLURE_PAGE)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"]);
  });

  it("passes a clean page: relative, data: and same-document URLs, xmlns and plain links", () => {
    const clean = `<html><head><link rel="stylesheet" href="styles.css"><link rel="icon" href="data:image/png;base64,AAAA">
      <script src="./app.js"></script><script type="module" src="/abs/path.js"></script></head>
      <body><img src="img/x.png" srcset="a.png 1x, b.png 2x"><a href="https://allurereport.org">docs</a>
      <svg xmlns="http://www.w3.org/2000/svg"></svg><iframe src="about:blank"></iframe>
      <script>fetch("data/test-results.json"); import("./widgets/x.js");</script></body></html>`;
    expect(findExternalRequests(clean)).toEqual([]);
  });

  it("catches every loading tag, protocol-relative URLs, srcset candidates and entity tricks", () => {
    const page = `<link rel=preconnect href=https://fonts.example.com>
      <img alt="x>y" src='//cdn.example.com/a.png'>
      <img srcset="local.png 1x, http://cdn.example.com/b.png 2x">
      <iframe src="https&#58;//frame.example.com/"></iframe>
      <SCRIPT SRC="HTTP://UPPER.EXAMPLE.COM/x.js"></SCRIPT>
      <base href="https://base.example.com/">`;
    expect(findExternalRequests(page)).toEqual([
      "https://fonts.example.com",
      "//cdn.example.com/a.png",
      "http://cdn.example.com/b.png",
      "https://frame.example.com/",
      "HTTP://UPPER.EXAMPLE.COM/x.js",
      "https://base.example.com/",
    ]);
  });

  it("catches inline fetch( and import( of absolute URLs", () => {
    const page = `<script>fetch( "https://api.example.com/collect" ); import('//esm.example.com/m.js');</script>
      <script type="module">import x from "https://esm.example.com/x.js";</script>`;
    expect(findExternalRequests(page)).toEqual([
      "https://api.example.com/collect",
      "//esm.example.com/m.js",
      "https://esm.example.com/x.js",
    ]);
  });
});

describe("pointsToHost", () => {
  it.each([
    ["https://a.b/c", true],
    ["//a.b/c", true],
    ["  https://a.b", true],
    ["wss://a.b", true],
    ["app.js", false],
    ["/data/x.json", false],
    ["data:text/plain,hi", false],
    ["blob:xyz", false],
    ["javascript:void(0)", false],
    ["file:///tmp/x", false],
    ["#top", false],
  ])("%s -> %s", (url, expected) => {
    expect(pointsToHost(url)).toBe(expected);
  });
});

describe("stripAnalytics", () => {
  it("removes the gtag loader and its inline config, and keeps the app's own scripts", () => {
    const { html, removed } = stripAnalytics(ALLURE_PAGE);
    expect(removed).toBe(2);
    expect(html).not.toMatch(/googletagmanager|gtag|dataLayer/);
    expect(html).toContain('<script   src="app-b3323b2606f19801ef1b.js"></script>');
    expect(html).toContain("window.allureReportOptions");
    expect(html).toContain("window.allureReportDataReady = true;");
    expect(findExternalRequests(html)).toEqual([]);
  });

  it("removes any script loaded from a host, analytics or not", () => {
    const { html, removed } = stripAnalytics(`<p>x</p><script defer src="//cdn.example.com/lib.js"></script><script src="local.js"></script>`);
    expect(removed).toBe(1);
    expect(html).toBe(`<p>x</p><script src="local.js"></script>`);
  });

  it("leaves a clean page unchanged", () => {
    const page = `<html><script src="app.js"></script><script>window.x = 1;</script></html>`;
    expect(stripAnalytics(page)).toEqual({ html: page, removed: 0 });
  });
});
