import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compatOf } from "../../src/matrix/compat.js";
import { outcomeWithoutResults } from "../../src/matrix/collect.js";
import { selectionOf } from "../../src/matrix/merge.js";
import { bundleClient, PAGE_CSP, pageData, renderCompatPage, scriptSafeJson } from "../../src/matrix/page/render-page.js";
import { makePlan } from "../../src/matrix/plan.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { findExternalRequests } from "../../src/report/offline.js";

const SELECTION = { areas: ["cdp" as const], grep: null };

function compatWithMessage(message: string) {
  const clauses = selectionOf({ selection: SELECTION });
  const spec = personaTarget("current");
  const outcome = outcomeWithoutResults(spec, "error", message, clauses, { shard: { index: 1, count: 1 } });
  return compatOf({
    plan: makePlan([spec], SELECTION),
    shardCount: 1,
    harness: { name: "ego-conformance", version: "0.1.0" },
    sources: [{ shard: { index: 1, count: 1 }, bundle: "/b", createdAt: "2026-11-30T10:00:00.000Z" }],
    outcomes: [outcome],
    results: [],
    warnings: [],
  });
}

function embeddedData(html: string): unknown {
  const match = /<script type="application\/json" id="compat-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no data script");
  return JSON.parse(match[1]!);
}

describe("compat.html", () => {
  const hostile = `</script><script>alert(1)</script><!-- \u2028 & <img src="https://evil.example/x.png">`;
  const compat = compatWithMessage(hostile);
  const html = renderCompatPage(compat);

  it("is one self-contained file: no external request, no src or href but data:, a CSP that forbids requests", () => {
    expect(findExternalRequests(html)).toEqual([]);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`);
    expect(PAGE_CSP).toMatch(/default-src 'none'/);
    const refs = [...html.matchAll(/\s(?:src|href)\s*=\s*"([^"]*)"/g)].map((m) => m[1]);
    expect(refs).toEqual(["data:,"]);
  });

  it("embeds the data so that it parses back whole, whatever the messages hold", () => {
    expect(embeddedData(html)).toEqual(JSON.parse(JSON.stringify(pageData(compat))));
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('<img src="https://evil');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data's and the client's, nothing the data could close
  });

  it("inlines the client script and the style as they are", () => {
    expect(html).toContain(bundleClient());
    expect(html).toContain(readFileSync(new URL("../../src/matrix/page/compat-page.css", import.meta.url), "utf8"));
  });
});

describe("scriptSafeJson", () => {
  it("round-trips any value and never contains <, > or & raw", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = scriptSafeJson(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe("the page's script", () => {
  it("is compat-page.client.ts bundled into one plain script: no import, no export, no type left", () => {
    const script = bundleClient();
    expect(script).toMatch(/^("use strict";\n)?\(\(\) => \{/);
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    expect(script).not.toMatch(/ as Status\b|: PageData\b|interface State/);
    expect(script).toContain("compat.html: the matrix data is missing");
  });
});
