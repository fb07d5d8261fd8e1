/**
 * The URLs a source file writes as string literals (comments do not count: they open nothing),
 * and which of them leave loopback. Clauses run against someone's browser: a tab a clause opens on
 * https://example.com is a request from that person's browser, with their cookies, to a host
 * that is not ours. The self-test over suites/ and src/harness/ (./loopback-only.test.ts) uses it.
 */
import ts from "typescript";

const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*):\/\/((?:[^/\s"'`@]*@)?(?:\[[0-9a-f:.]*\])?[^/\s"'`)\]>?#[]*)/gi;
const NETWORK_SCHEMES = new Set(["http", "https", "ws", "wss", "ftp"]);
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface UrlLiteral {
  url: string;
  host: string;
  line: number;
}

/** The host of an authority (`user@host:port`), lower case, without port or user info. */
export function hostOf(authority: string): string {
  const afterUser = authority.slice(authority.lastIndexOf("@") + 1).toLowerCase();
  if (afterUser.startsWith("[")) return afterUser.slice(0, afterUser.indexOf("]") + 1);
  const colon = afterUser.indexOf(":");
  return colon === -1 ? afterUser : afterUser.slice(0, colon);
}

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** Every network URL in the file's string and template literals. */
export function urlLiterals(fileName: string, text: string): UrlLiteral[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: UrlLiteral[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const m of node.text.matchAll(URL_IN_TEXT)) {
        if (!NETWORK_SCHEMES.has(m[1]!.toLowerCase())) continue;
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ url: m[0], host: hostOf(m[2]!), line });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The network URLs of the file that leave loopback. */
export function nonLoopbackUrls(fileName: string, text: string): UrlLiteral[] {
  return urlLiterals(fileName, text).filter((u) => !isLoopbackHost(u.host));
}
