#!/usr/bin/env bash
# The fake's real pages and the browser tests (the end of `npm test`) drive Debian's Chromium,
# never a Playwright download (the network is the npm registry and Debian only): the headless
# shell at /usr/bin/chromium-headless-shell (what the fake prefers: the same engine without the
# browser's own UI, far less CPU) and the full browser at /usr/bin/chromium. Installs what is missing.
# --optional (before `npm run conformance` and `npm run matrix`): a user who cannot install gets
# the command and the run goes on without real pages; a CHROMIUM_PATH is the user's choice, left
# alone. Everything it prints goes to stderr, so a run's JSON on stdout stays JSON.
set -euo pipefail
optional=false
[ "${1:-}" = "--optional" ] && optional=true
if $optional && [ -n "${CHROMIUM_PATH:-}" ]; then exit 0; fi
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: missing ${missing[*]}; install as root: apt-get update && apt-get install -y chromium-headless-shell chromium" >&2
  $optional && exit 0
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update >&2 && apt-get install -y "${missing[@]}" >&2; }; then
  echo "ensure-chromium: could not install ${missing[*]}" >&2
  $optional && exit 0
  exit 1
fi
