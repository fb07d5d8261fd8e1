#!/usr/bin/env bash
# The browser tests (the end of `npm test`) drive Debian's chromium at /usr/bin/chromium, never a
# Playwright download (the network is the npm registry and Debian only). Installs it when missing.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; install it as root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y chromium
