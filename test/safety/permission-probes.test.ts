// A clause that sends a permission-granting CDP command (Browser.grantPermissions,
// Browser.setPermission) names an origin on loopback. The rule it checks is a refusal, so on a
// conforming build nothing is granted; on a build that accepts the command, a grant without an
// origin would hold for every site in the user's profile. With the origin of a port nothing
// serves, a deviating build grants nothing a real site could use.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFilesUnder } from "../support/source-files.js";
import { isLoopbackHost } from "./url-literals.js";

const ROOT = resolve(import.meta.dirname, "../..");
const GRANTING = new Set(["Browser.grantPermissions", "Browser.setPermission"]);

/** Each call that passes a granting method name, and the origin its next argument names (a string literal), if any. */
function grantingCalls(fileName: string, text: string): { line: number; method: string; origin: string | undefined }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const calls: { line: number; method: string; origin: string | undefined }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      node.arguments.forEach((arg, i) => {
        if (!ts.isStringLiteralLike(arg) || !GRANTING.has(arg.text)) return;
        const params = node.arguments[i + 1];
        let origin: string | undefined;
        if (params !== undefined && ts.isObjectLiteralExpression(params)) {
          for (const p of params.properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText(source) === "origin" && ts.isStringLiteralLike(p.initializer)) origin = p.initializer.text;
          }
        }
        calls.push({ line: source.getLineAndCharacterOfPosition(arg.getStart(source)).line + 1, method: arg.text, origin });
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

/** An http(s) origin whose host is loopback (URL's hostname keeps the brackets of [::1]). */
function onLoopback(origin: string | undefined): boolean {
  if (origin === undefined || !URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname);
}

describe("permission probes", () => {
  it("the reader finds a granting call and its origin", () => {
    const text = 'send(ego, id, "Browser.grantPermissions", { permissions: ["x"], origin: "http://127.0.0.1:9" });\nsend(ego, id, "Browser.setPermission", {});';
    expect(grantingCalls("x.ts", text)).toEqual([
      { line: 1, method: "Browser.grantPermissions", origin: "http://127.0.0.1:9" },
      { line: 2, method: "Browser.setPermission", origin: undefined },
    ]);
    expect(onLoopback("http://127.0.0.1:9")).toBe(true);
    expect(onLoopback("https://example.com")).toBe(false);
    expect(onLoopback(undefined)).toBe(false);
  });

  it("every granting command a suite sends names an origin on loopback", () => {
    const calls = sourceFilesUnder(join(ROOT, "suites"), /\.ts$/).flatMap((file) => grantingCalls(file, readFileSync(file, "utf8")).map((c) => ({ ...c, file: relative(ROOT, file) })));
    expect(calls.length, "the refusal clause sends one").toBeGreaterThan(0);
    expect(calls.filter((c) => !onLoopback(c.origin)).map((c) => `${c.file}:${c.line} ${c.method} origin=${String(c.origin)}`)).toEqual([]);
  });
});
