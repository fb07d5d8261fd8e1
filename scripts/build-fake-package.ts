/**
 * The lean package of the fake, `ego-conformance-fake`, made from dist/ into dist-fake/: the library
 * entry and only the modules and data it reaches, for a runtime that wants the fake without the
 * harness. A bare import outside LEAN_DEPENDENCIES fails the build, so it cannot grow heavy unnoticed.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** What the fake needs at run time: zod (the contract's schemas), playwright-core (the CDP socket to real pages; loaded only with `chromium`). */
export const LEAN_DEPENDENCIES = ["zod", "playwright-core"] as const;
export const FAKE_PACKAGE_NAME = "ego-conformance-fake";
const ENTRY = "fake-bridge/library/index";
/** read from disk beside the modules (src/contract/build-features.ts) */
const DATA_DIRS = ["src/contract/data"];
const MARKER = ".ego-conformance-fake-build";

const SPECIFIER = /(?:from\s*|import\s*\(\s*|import\s+|require\)\(\s*|require\(\s*)["']([^"']+)["']/g;

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** The files of the compiled tree that the entry reaches, and the bare packages they import. */
function reach(dist: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [`${ENTRY}.js`, `${ENTRY}.d.ts`];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const path = join(dist, file);
    if (!existsSync(path)) throw new Error(`build-fake-package: ${file} is imported but not in ${dist}`);
    files.add(file);
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    for (const [, specifier] of readFileSync(path, "utf8").matchAll(SPECIFIER)) {
      if (specifier!.startsWith("node:")) continue;
      if (!specifier!.startsWith(".")) {
        packages.add(packageOf(specifier!));
        continue;
      }
      const target = relative(dist, resolve(dirname(path), specifier!));
      queue.push(target);
      // a module's declarations come with it, and a declaration's module
      if (target.endsWith(".js")) queue.push(target.replace(/\.js$/, ".d.ts"));
    }
  }
  return { files, packages };
}

export function buildFakePackage(root: string): string {
  const dist = join(root, "dist");
  const out = join(root, "dist-fake");
  if (existsSync(out)) {
    if (!existsSync(join(out, MARKER))) throw new Error(`${out} exists and is not a build of the lean package (no ${MARKER}): move it away, it is not removed`);
    rmSync(out, { recursive: true, force: true });
  }
  const { files, packages } = reach(dist);
  const extra = [...packages].filter((p) => !(LEAN_DEPENDENCIES as readonly string[]).includes(p));
  if (extra.length > 0) throw new Error(`build-fake-package: the fake's entry imports ${extra.join(", ")}, which the lean package does not carry (LEAN_DEPENDENCIES)`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, MARKER), "made by scripts/build-fake-package.ts; removed by the next build\n");
  for (const file of files) cpSync(join(dist, file), join(out, file));
  for (const dir of DATA_DIRS) cpSync(join(dist, dir), join(out, dir), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; license: string; engines: unknown; dependencies: Record<string, string> };
  const dependencies = Object.fromEntries(LEAN_DEPENDENCIES.map((d) => [d, pkg.dependencies[d]!]));
  const manifest = {
    name: FAKE_PACKAGE_NAME,
    version: pkg.version,
    description: "The fake Ego Lite bridge (globalThis.ego) as a library for unit tests: ego-conformance's fake alone, without the harness.",
    type: "module",
    license: pkg.license,
    private: true,
    engines: pkg.engines,
    exports: { ".": { types: `./${ENTRY}.d.ts`, default: `./${ENTRY}.js` }, "./package.json": "./package.json" },
    files: ["fake-bridge/", "src/"],
    dependencies,
  };
  writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return out;
}
