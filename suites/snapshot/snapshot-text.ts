/**
 * Reading a snapshot's free-form `content` by what the refs pin down: `[ref=N, ...]` brackets and
 * nesting by two spaces a level; role words and names are read leniently, and whether a line is in
 * the tree form of research 1.5 is an open detail (`treeForm`).
 */
export interface SnapLine {
  index: number;
  /** two spaces a level (a line with an odd indent counts its spaces halved, rounded down) */
  depth: number;
  /** the line's first word ('' for a blank line) */
  role: string;
  /** a quoted name (unescaped), the text after `<role>: `, or '' */
  name: string;
  /** bracket attributes by key (ref, loc, url, action, ...) */
  attrs: Map<string, string>;
  raw: string;
  /** the index of the `iframe` line the line is under, or TOP_FRAME (the top document) */
  frame: number;
  /** the line is `<role>` or `<role> "<name>"`, optionally with [key=value, ...], at an even indent (research 1.5) */
  treeForm: boolean;
}

/** SnapLine.frame of a line of the top document */
export const TOP_FRAME = -1;

const TREE_LINE = /^((?: {2})*)(\S+)(?: "((?:[^"\\]|\\.)*)")?(?: \[(.*)\])?$/;
/** a trailing `[key=value, ...]` */
const BRACKETS = / ?\[([a-zA-Z]+=.*)\]$/;

function attributes(text: string | undefined): Map<string, string> {
  const attrs = new Map<string, string>();
  if (text === undefined) return attrs;
  const keys = [...text.matchAll(/(?:^|, )([a-zA-Z]+)=/g)];
  keys.forEach((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < keys.length ? keys[i + 1]!.index! : text.length;
    attrs.set(m[1]!, text.slice(start, end));
  });
  return attrs;
}

function unquote(quoted: string): string {
  try {
    return JSON.parse(`"${quoted}"`) as string;
  } catch {
    return quoted;
  }
}

/** A line's role word and name, read leniently (see the module's comment). */
function label(head: string): { role: string; name: string } {
  const quoted = /^([^\s:]+):? "((?:[^"\\]|\\.)*)"$/.exec(head);
  if (quoted) return { role: quoted[1]!, name: unquote(quoted[2]!) };
  const colon = /^([^\s:]+): ?(.*)$/.exec(head);
  if (colon) return { role: colon[1]!, name: colon[2]! };
  const [role = "", ...rest] = head.split(" ");
  return { role, name: rest.join(" ") };
}

/** The lines of `content`. */
export function parseSnapshot(content: string): SnapLine[] {
  const iframes: { depth: number; index: number }[] = [];
  return content.split("\n").map((raw, index) => {
    const indent = /^ */.exec(raw)![0].length;
    const depth = Math.floor(indent / 2);
    const rest = raw.slice(indent);
    const brackets = BRACKETS.exec(rest);
    const head = brackets ? rest.slice(0, brackets.index) : rest;
    const { role, name } = label(head);
    while (iframes.length > 0 && iframes[iframes.length - 1]!.depth >= depth) iframes.pop();
    const frame = iframes[iframes.length - 1]?.index ?? TOP_FRAME;
    if (role.toLowerCase() === "iframe") iframes.push({ depth, index });
    return { index, depth, role, name, attrs: attributes(brackets?.[1]), raw, frame, treeForm: TREE_LINE.test(raw) };
  });
}

/** Lines that are not in the tree form of research 1.5 (an open detail: the reference leaves content free-form). */
export function malformed(lines: readonly SnapLine[]): SnapLine[] {
  return lines.filter((l) => !l.treeForm);
}

/** The lines below `line` (its descendants), in order. */
export function descendants(lines: readonly SnapLine[], line: SnapLine): SnapLine[] {
  const out: SnapLine[] = [];
  for (const l of lines.slice(line.index + 1)) {
    if (l.depth <= line.depth) break;
    out.push(l);
  }
  return out;
}

/**
 * A pattern (its source, flags "gu") for `text` as a content shows it: as it is or JSON-escaped (a
 * quoted name with quotes or backslashes), not inside a longer word ("End of the frame" does not
 * show in "End of the frames page"). The content is free-form: a build may quote a name or not.
 */
export function textPattern(text: string): string {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const forms = [...new Set([text, JSON.stringify(text).slice(1, -1)])].map(escape);
  return `(?<![\\p{L}\\p{N}])(?:${forms.join("|")})(?![\\p{L}\\p{N}])`;
}

/** How often `text` shows in `content` (textPattern). */
export function shows(content: string, text: string): number {
  return [...content.matchAll(new RegExp(textPattern(text), "gu"))].length;
}
