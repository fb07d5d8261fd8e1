#!/usr/bin/env bash
# The package as a user gets it (CI runs this after `npm test`): pack the project (prepack compiles
# it, scripts/build-package.ts), install the tarball into an empty project from the local npm
# cache (no registry), check the tarball carries no self-tests, run the conformance catalogue with
# the installed CLI (`npx ego-conformance run --pages model`: green), and run the plain-JS library
# example (examples/fake-library) with `node --test` and no TypeScript loader.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/ego-conformance-package-XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { printf 'package-check: %s\n' "$*"; }

step "npm pack"
tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
step "tarball $tarball: $(tar tzf "$work/$tarball" | wc -l) files"
if tar tzf "$work/$tarball" | grep -E '^package/(test|dist/test)/' >/dev/null; then
  echo "package-check: the tarball carries self-tests:" >&2
  tar tzf "$work/$tarball" | grep -E '^package/(test|dist/test)/' | head >&2
  exit 1
fi

mkdir "$work/project"
cd "$work/project"
# The project starts from the checkout's lock file, so every dependency resolves to the version CI
# installed (and cached) with `npm ci`: no registry is asked, and no newer release slips in.
node - "$OLDPWD/package-lock.json" "$work/$tarball" <<'JS'
const { readFileSync, writeFileSync } = require("node:fs");
const [lockFile, tarball] = process.argv.slice(2);
const lock = JSON.parse(readFileSync(lockFile, "utf8"));
const dependencies = { "ego-conformance": `file:${tarball}` };
const manifest = { name: "package-check", version: "0.0.0", private: true, type: "module", dependencies };
lock.name = manifest.name;
lock.version = manifest.version;
lock.packages[""] = { name: manifest.name, version: manifest.version, dependencies };
for (const [path, entry] of Object.entries(lock.packages)) if (entry.dev) delete lock.packages[path];
writeFileSync("package.json", JSON.stringify(manifest, null, 2));
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2));
JS
step "npm install --offline (the checkout's lock file, the local npm cache only)"
timeout 600 npm install --offline --no-audit --no-fund --loglevel=error >/dev/null

step "npx ego-conformance run --pages model"
timeout 600 npx --no-install ego-conformance run --pages model --no-report --results "$work/results" --outcomes "$work/outcomes.json"

step "node --test the plain-JS library example"
cp "$OLDPWD"/examples/fake-library/*.mjs .
timeout 300 node --test --test-reporter=spec ./*.test.mjs
step "passed"
