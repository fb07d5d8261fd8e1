#!/usr/bin/env bash
# Follows docs/fake-as-a-library.md's recipe for a runtime's CI as written, on a runtime laid out as
# upstream's, once per Node given; the app and its Chromium stop whatever happens.
# Usage: runtime-recipe-check.sh TARBALL WORKDIR NODE_BIN_DIR...
set -euo pipefail
tarball=$1 work=$2
shift 2
checkout=$(cd "$(dirname "$0")/.." && pwd)
step() { printf 'runtime-recipe-check: %s\n' "$*"; }

cp -r "$checkout/test/runtime-fixture" "$work"
rm -rf "$work/node22"
mkdir -p "$work/vendor"
cp "$tarball" "$work/vendor/ego-conformance-0.1.0.tgz"
cd "$work/package/ego-browser"
# the lock: the checkout's, so every dependency resolves to what CI cached with `npm ci`
node - "$checkout/package-lock.json" <<'JS'
const { readFileSync, writeFileSync } = require("node:fs");
const lock = JSON.parse(readFileSync(process.argv[2], "utf8"));
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
lock.name = manifest.name;
lock.version = manifest.version;
lock.packages[""] = { name: manifest.name, version: manifest.version, devDependencies: manifest.devDependencies };
for (const [path, entry] of Object.entries(lock.packages)) if (entry.dev) delete lock.packages[path];
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2));
JS
# the fixture is faithful where the recipe needs CI=true: without it, its prepare fails
if env -u CI npm run --silent prepare >/dev/null 2>&1; then
  echo "runtime-recipe-check: the fixture's prepare passed without CI=true; it should run lefthook and fail" >&2
  exit 1
fi
step "CI=true npm install in package/ego-browser (its prepare runs lefthook unless CI is set)"
CI=true timeout 600 npm install --offline --no-audit --no-fund --loglevel=error >/dev/null

# the platform-bound case is left out by the runtime's list, as the workflow reads it
EGO_BROWSER_REAL_E2E_ONLY=$(grep -v -e '^#' -e '^$' e2e-on-fake.txt | paste -sd, -)
export EGO_BROWSER_REAL_E2E_ONLY
step "npx ego-conformance fake start --pages chromium --dir .ego-fake"
timeout 120 npx --no-install ego-conformance fake start --pages chromium --dir .ego-fake
trap 'timeout 60 npx --no-install ego-conformance fake stop --dir .ego-fake >/dev/null || true' EXIT
for bin in "$@"; do
  version=$("$bin/node" --version)
  step "node $version: fake install .ego-bin, npm run e2e"
  PATH="$bin:$PATH" timeout 120 npx --no-install ego-conformance fake install .ego-bin --dir .ego-fake >/dev/null
  PATH="$PWD/.ego-bin:$bin:$PATH" EGO_BROWSER_REAL_E2E_CLI="$PWD/.ego-bin/ego-browser" timeout 300 npm run --silent e2e
done
step "npx ego-conformance fake stop --dir .ego-fake"
trap - EXIT
timeout 60 npx --no-install ego-conformance fake stop --dir .ego-fake
step "passed"
