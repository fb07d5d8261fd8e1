/**
 * The package build, run by `npm pack`: dist/ mirrors the package's tree with every module compiled
 * beside its source, so every path a module computes from its own location holds as in a checkout
 * and no TypeScript loader is needed. Then the lean fake package (./build-fake-package.ts).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { buildFakePackage } from "./build-fake-package.js";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
export const BUILD_MARKER = ".ego-conformance-build";
/** copied whole: the trees a module or a tool reads beside the compiled code */
const TREES = ["src", "fake-bridge", "suites", "fixtures"];
const FILES = ["allurerc.mjs", "vitest.conformance.config.ts", "tsconfig.json"];

function clearDist(): void {
  if (!existsSync(DIST)) return;
  if (!existsSync(join(DIST, BUILD_MARKER))) {
    throw new Error(`${DIST} exists and is not a build of this package (no ${BUILD_MARKER}): move it away, it is not removed`);
  }
  rmSync(DIST, { recursive: true, force: true });
}

function main(): void {
  clearDist();
  mkdirSync(DIST, { recursive: true });
  writeFileSync(join(DIST, BUILD_MARKER), "made by scripts/build-package.ts; removed by the next build\n");
  for (const tree of TREES) cpSync(join(ROOT, tree), join(DIST, tree), { recursive: true });
  for (const file of FILES) cpSync(join(ROOT, file), join(DIST, file));
  const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.build.json")], { stdio: "inherit", cwd: ROOT });
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; version: string };
  writeFileSync(join(DIST, "package.json"), `${JSON.stringify({ name: pkg.name, version: pkg.version, type: "module", private: true }, null, 2)}\n`);
  process.stdout.write(`build-package: ${DIST}\n`);
  process.stdout.write(`build-package: ${buildFakePackage(ROOT)} (the lean package of the fake)\n`);
}

main();
