#!/usr/bin/env bash
# Installs Debian's Chromium (the headless shell the fake prefers, and the full browser) where missing;
# never a Playwright download. --optional: a user who cannot install gets the command and the run goes
# on without real pages. Prints to stderr only, so a run's JSON on stdout stays JSON.
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
