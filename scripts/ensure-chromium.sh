#!/usr/bin/env bash
# The fake's real pages and the browser tests (the end of `npm test`) drive Debian's Chromium,
# never a Playwright download (the network is the npm registry and Debian only): the headless
# shell at /usr/bin/chromium-headless-shell (what the fake prefers: the same engine without the
# browser's own UI, far less CPU) and the full browser at /usr/bin/chromium. Installs what is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: missing ${missing[*]}; install as root: apt-get update && apt-get install -y chromium-headless-shell chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y "${missing[@]}"
