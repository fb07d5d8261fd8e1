/**
 * Reading a snapshot's `content` as the documented text tree (native-bindings-api.md, "Snapshot"):
 * one node a line, two spaces a level, `<role> "<name>" [ref=N, loc=..., url=...]`. Each line
 * knows the frame it belongs to: the nearest `root` line above it at a smaller depth (the top
 * document's root, or an iframe's own root).
 */
export interface SnapLine {
  index: number;
  depth: number;
  role: string;
  name: string;
  /** bracket attributes by key (ref, loc, url, action, ...) */
  attrs: Map<string, string>;
  raw: string;
  /** the index of the `root` line of the line's frame (0: the top document) */
  frame: number;
}

const LINE = /^((?: {2})*)(\S+)(?: "((?:[^"\\]|\\.)*)")?(?: \[(.*)\])?$/;

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

/** The lines of `content`; a line that is not in the documented form is returned with role '' (see `malformed`). */
export function parseSnapshot(content: string): SnapLine[] {
  const roots: { depth: number; index: number }[] = [];
  return content.split("\n").map((raw, index) => {
    const m = LINE.exec(raw);
    const depth = m ? m[1]!.length / 2 : -1;
    while (roots.length > 0 && roots[roots.length - 1]!.depth >= depth) roots.pop();
    const frame = roots[roots.length - 1]?.index ?? 0;
    const role = m?.[2] ?? "";
    if (role === "root") roots.push({ depth, index });
    let name = "";
    try {
      name = m?.[3] === undefined ? "" : (JSON.parse(`"${m[3]}"`) as string);
    } catch {
      name = m?.[3] ?? "";
    }
    return { index, depth, role, name, attrs: attributes(m?.[4]), raw, frame: role === "root" ? index : frame };
  });
}

/** Lines that are not in the documented form. */
export function malformed(lines: readonly SnapLine[]): SnapLine[] {
  return lines.filter((l) => l.role === "" || l.depth < 0);
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
