/**
 * Reads Apple's XML property list format with a small tokenizer. Hand-written because the `plist`
 * package reads big integers inexactly, accepts what this rejects and prints to the console
 * (test/detect/plist.test.ts holds these cases).
 */
import { PlistError, type PlistDict, type PlistValue } from "./plist-value.js";

type Token =
  | { kind: "open"; name: string; selfClosing: boolean; at: number }
  | { kind: "close"; name: string; at: number }
  | { kind: "text"; text: string; at: number };

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeText(raw: string, at: number): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const named = ENTITIES[ref];
    if (named === undefined) throw new PlistError(`unknown entity ${whole} near offset ${at}`);
    return named;
  });
}

function tokenize(xml: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const skipPast = (end: string, what: string) => {
    const j = xml.indexOf(end, i);
    if (j < 0) throw new PlistError(`unterminated ${what} at offset ${i}`);
    i = j + end.length;
  };
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > i) tokens.push({ kind: "text", text: decodeText(xml.slice(i, textEnd), i), at: i });
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith("<?", i)) skipPast("?>", "processing instruction");
    else if (xml.startsWith("<!--", i)) skipPast("-->", "comment");
    else if (xml.startsWith("<![CDATA[", i)) {
      const end = xml.indexOf("]]>", i);
      if (end < 0) throw new PlistError(`unterminated CDATA at offset ${i}`);
      tokens.push({ kind: "text", text: xml.slice(i + 9, end), at: i });
      i = end + 3;
    } else if (xml.startsWith("<!", i)) skipPast(">", "declaration");
    else {
      const end = xml.indexOf(">", i);
      if (end < 0) throw new PlistError(`unterminated tag at offset ${i}`);
      const body = xml.slice(i + 1, end);
      const at = i;
      i = end + 1;
      if (body.startsWith("/")) {
        tokens.push({ kind: "close", name: body.slice(1).trim(), at });
      } else {
        const selfClosing = body.endsWith("/");
        const name = (selfClosing ? body.slice(0, -1) : body).trim().split(/\s+/)[0] ?? "";
        if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new PlistError(`malformed tag <${body}> at offset ${at}`);
        tokens.push({ kind: "open", name, selfClosing, at });
      }
    }
  }
  return tokens;
}

export function parseXmlPlist(xml: string): PlistValue {
  // Whitespace between elements carries nothing; text inside <string> keeps it.
  const tokens = tokenize(xml);
  let pos = 0;
  const peek = () => tokens[pos];
  const skipBlank = () => {
    while (peek()?.kind === "text" && (peek() as { text: string }).text.trim() === "") pos++;
  };
  const expectClose = (name: string) => {
    skipBlank();
    const t = tokens[pos++];
    if (t?.kind !== "close" || t.name !== name) throw new PlistError(`expected </${name}> at offset ${t?.at ?? xml.length}`);
  };
  /** Text content of a simple element: everything up to its close tag. */
  const textOf = (open: Token & { kind: "open" }): string => {
    if (open.selfClosing) return "";
    let text = "";
    while (peek()?.kind === "text") text += (tokens[pos++] as { text: string }).text;
    const t = tokens[pos++];
    if (t?.kind !== "close" || t.name !== open.name) throw new PlistError(`<${open.name}> at offset ${open.at} holds markup; expected text and </${open.name}>`);
    return text;
  };

  /** Reads the content of an open `<name>` up to its close tag: `each` takes the next token before each item. */
  const untilClose = (name: string, each: (next: Token | undefined) => void): void => {
    for (;;) {
      skipBlank();
      const next = peek();
      if (next?.kind === "close" && next.name === name) {
        pos++;
        return;
      }
      each(next);
    }
  };

  const value = (): PlistValue => {
    skipBlank();
    const t = tokens[pos++];
    if (t?.kind !== "open") throw new PlistError(`expected a value element at offset ${t?.at ?? xml.length}`);
    switch (t.name) {
      case "dict": {
        const dict: PlistDict = {};
        if (!t.selfClosing)
          untilClose("dict", (next) => {
            if (next?.kind !== "open" || next.name !== "key") throw new PlistError(`expected <key> in <dict> at offset ${next?.at ?? xml.length}`);
            pos++;
            const key = textOf(next);
            Object.defineProperty(dict, key, { value: value(), enumerable: true, writable: true, configurable: true });
          });
        return dict;
      }
      case "array": {
        const items: PlistValue[] = [];
        if (!t.selfClosing) untilClose("array", () => items.push(value()));
        return items;
      }
      case "string":
        return textOf(t);
      case "integer": {
        const text = textOf(t).trim();
        if (!/^[+-]?\d+$/.test(text)) throw new PlistError(`<integer> at offset ${t.at} is not an integer: ${JSON.stringify(text)}`);
        const big = BigInt(text);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
      }
      case "real": {
        const text = textOf(t).trim();
        const n = Number(text);
        if (text === "" || Number.isNaN(n) && !/^nan$/i.test(text)) throw new PlistError(`<real> at offset ${t.at} is not a number: ${JSON.stringify(text)}`);
        return n;
      }
      case "true":
      case "false":
        if (!t.selfClosing) expectClose(t.name);
        return t.name === "true";
      case "date": {
        const text = textOf(t).trim();
        const d = new Date(text);
        if (Number.isNaN(d.getTime())) throw new PlistError(`<date> at offset ${t.at} is not a date: ${JSON.stringify(text)}`);
        return d;
      }
      case "data":
        return new Uint8Array(Buffer.from(textOf(t).replace(/\s+/g, ""), "base64"));
      default:
        throw new PlistError(`unsupported element <${t.name}> at offset ${t.at}`);
    }
  };

  skipBlank();
  const root = tokens[pos];
  if (root?.kind === "open" && root.name === "plist") {
    pos++;
    if (root.selfClosing) throw new PlistError("empty <plist/>");
    const v = value();
    expectClose("plist");
    skipBlank();
    if (pos < tokens.length) throw new PlistError(`content after </plist> at offset ${tokens[pos]!.at}`);
    return v;
  }
  // A bare value without the <plist> wrapper is accepted, as CoreFoundation does.
  const v = value();
  skipBlank();
  if (pos < tokens.length) throw new PlistError(`content after the top value at offset ${tokens[pos]!.at}`);
  return v;
}
