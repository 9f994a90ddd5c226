#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; browsers cannot be downloaded by npm here.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: install it with 'sudo apt-get install chromium' (or set CHROMIUM_PATH), then run npm test again." >&2
exit 1
