#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (the full browser for pixels, its headless shell for
# behaviour: src/build/chromium.ts); browsers cannot be downloaded by npm here.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ] && { [ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ]; }; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  exit 0
fi
if [ -x "$CHROMIUM" ]; then
  echo "chromium-headless-shell is not installed: the behaviour tests use the full browser, about twice as slow ('sudo apt-get install chromium-headless-shell')."
  exit 0
fi
echo "Chromium is missing: install it with 'sudo apt-get install chromium chromium-headless-shell' (or set CHROMIUM_PATH), then run npm test again." >&2
exit 1
