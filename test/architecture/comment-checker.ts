/**
 * Reads a file's header (its opening comment) and finds tracker references, so that comments say
 * why in words a newcomer can check rather than pointing at tracker items they cannot open.
 */

/** the most lines of text a file's opening comment may hold */
export const MAX_HEADER_LINES = 3;

/** a reference to a tracker item: the word issue, deliver, defect or stop, then the item's number */
export const TRACKER_REFERENCE = /\bissues? #?\d+|\bdeliver \d|\bdefect \d|\bstop \d/i;

/** the lines of text of a file's opening comment (after a shebang), without comment markers or blank lines */
export function headerLines(text: string): string[] {
  const lines = text.split("\n");
  let i = lines[0]?.startsWith("#!") ? 1 : 0;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  const first = lines[i]?.trim() ?? "";
  const taken: string[] = [];
  if (first.startsWith("/*")) {
    for (; i < lines.length; i++) {
      taken.push(lines[i]!.replace(/^\s*\/\*+/, "").replace(/\*+\/.*$/, "").replace(/^\s*\*(?!\/)/, ""));
      if (lines[i]!.includes("*/")) break;
    }
  } else {
    const marker = first.startsWith("//") ? "//" : first.startsWith("#") ? "#" : undefined;
    if (marker === undefined) return [];
    for (; i < lines.length && lines[i]!.trim().startsWith(marker); i++) taken.push(lines[i]!.trim().slice(marker.length));
  }
  return taken.map((l) => l.trim()).filter((l) => l !== "");
}

/** each problem of one file: a header over MAX_HEADER_LINES (source files only), each tracker reference */
export function commentProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  if (!path.endsWith(".md")) {
    const header = headerLines(text);
    if (header.length > MAX_HEADER_LINES) problems.push(`${path}: header of ${header.length} lines of text (at most ${MAX_HEADER_LINES})`);
  }
  return [...problems, ...trackerReferences(path, text)];
}

/** each tracker reference of one file, by line */
export function trackerReferences(path: string, text: string): string[] {
  const problems: string[] = [];
  text.split("\n").forEach((line, i) => {
    const found = TRACKER_REFERENCE.exec(line);
    if (found) problems.push(`${path}:${i + 1}: tracker reference "${found[0]}"`);
  });
  return problems;
}
