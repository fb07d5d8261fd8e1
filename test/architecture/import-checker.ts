/**
 * Checks imports against a table of allowed folder-to-folder imports (as Playwright's DEPS.list
 * does). A file belongs to the most specific folder of the table that holds it; an import of a
 * file in the same folder is always allowed; any other relative import must be listed under the
 * importing folder. Package and `node:` imports are not checked here. Imports are found by
 * TypeScript's own pre-processor (static, `export ... from`, `import type`, `import("...")`).
 */
import { posix } from "node:path";
import ts from "typescript";

/** folder -> the folders its files may import (besides their own folder) */
export type ImportTable = Readonly<Record<string, readonly string[]>>;

export interface SourceFile {
  /** path from the repository root, with forward slashes */
  path: string;
  text: string;
}

export interface ImportViolation {
  file: string;
  /** the import as written */
  specifier: string;
  /** the importing file's folder in the table (undefined: no folder of the table holds it) */
  from: string | undefined;
  /** the imported file's folder in the table (undefined: no folder of the table holds it) */
  to: string | undefined;
  /** the imported path from the repository root */
  target: string;
}

/** The most specific folder of the table that holds `path`, or undefined. */
export function folderOf(path: string, table: ImportTable): string | undefined {
  let best: string | undefined;
  for (const folder of Object.keys(table)) {
    if ((path === folder || path.startsWith(`${folder}/`)) && (best === undefined || folder.length > best.length)) best = folder;
  }
  return best;
}

/** The relative imports of one file, as written. */
export function relativeImports(file: SourceFile): string[] {
  const info = ts.preProcessFile(file.text, true, true);
  return info.importedFiles.map((i) => i.fileName).filter((name) => name.startsWith("./") || name.startsWith("../"));
}

export function checkImports(files: readonly SourceFile[], table: ImportTable): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of files) {
    const from = folderOf(file.path, table);
    for (const specifier of relativeImports(file)) {
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      const to = folderOf(target, table);
      if (from !== undefined && to !== undefined && (from === to || table[from]!.includes(to))) continue;
      violations.push({ file: file.path, specifier, from, to, target });
    }
  }
  return violations;
}

/**
 * Allowed edges that no import of `files` runs along: a table that allows more than the tree uses
 * hides the next import against the direction (an edge listed "for later" is a decision nobody made).
 */
export function unusedEdges(files: readonly SourceFile[], table: ImportTable): string[] {
  const used = new Set<string>();
  for (const file of files) {
    const from = folderOf(file.path, table);
    if (from === undefined) continue;
    for (const specifier of relativeImports(file)) {
      const to = folderOf(posix.normalize(posix.join(posix.dirname(file.path), specifier)), table);
      if (to !== undefined && to !== from) used.add(`${from} -> ${to}`);
    }
  }
  return Object.entries(table).flatMap(([folder, allowed]) => allowed.map((to) => `${folder} -> ${to}`)).filter((edge) => !used.has(edge));
}

/** Allowed entries that name no folder of the table (a typo would allow nothing and hide it). */
export function unknownFolders(table: ImportTable): string[] {
  return Object.entries(table).flatMap(([folder, allowed]) => allowed.filter((to) => !(to in table)).map((to) => `${folder} -> ${to}`));
}

export function describeViolation(v: ImportViolation): string {
  const from = v.from ?? "(no folder of the table)";
  const to = v.to ?? "(no folder of the table)";
  return `${v.file}: import "${v.specifier}" (${v.target}) goes ${from} -> ${to}, which the table does not allow`;
}

/**
 * The circles of a directed graph, each once: a strongly connected component of more than one
 * node (Tarjan), as its sorted nodes joined by " <-> ". Sorted, so a list of them is stable.
 */
export function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const top = stack.pop()!;
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1) found.push(component.sort().join(" <-> "));
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort();
}

/** Circles among the table's folders: a mutual edge is the smallest (the table is meant to run one way). */
export function tableCircles(table: ImportTable): string[] {
  return circles(new Map(Object.entries(table).map(([folder, allowed]) => [folder, new Set(allowed)])));
}

/** Circles among the files themselves (a relative import written `x.js` is the file `x.ts`, `x.mts` or `x.mjs` of `files`). */
export function fileCircles(files: readonly SourceFile[]): string[] {
  const paths = new Set(files.map((f) => f.path));
  const resolve = (target: string): string | undefined => {
    const stem = target.replace(/\.(m?js|m?ts)$/, "");
    return [target, `${stem}.ts`, `${stem}.mts`, `${stem}.mjs`, `${stem}/index.ts`].find((p) => paths.has(p));
  };
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const to = new Set<string>();
    for (const specifier of relativeImports(file)) {
      const target = resolve(posix.normalize(posix.join(posix.dirname(file.path), specifier)));
      if (target !== undefined && target !== file.path) to.add(target);
    }
    edges.set(file.path, to);
  }
  return circles(edges);
}
