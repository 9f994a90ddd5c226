#!/usr/bin/env bash
# The cross-engine tests (tests/engines) drive Debian's Firefox ESR and WebKitGTK (WebKitWebDriver
# and its MiniBrowser, drawn into a private Xvfb); browsers cannot be downloaded by npm here.
set -euo pipefail
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
WEBKIT_DRIVER="${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}"
if [ -x "$FIREFOX" ] && [ -x "$WEBKIT_DRIVER" ] && command -v Xvfb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Firefox ESR, WebKitWebDriver or Xvfb is missing: installing Debian's firefox-esr, webkit2gtk-driver and xvfb packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null
  exit 0
fi
echo "Firefox ESR, WebKitWebDriver or Xvfb is missing: install them with 'sudo apt-get install firefox-esr webkit2gtk-driver xvfb', then run npm test again." >&2
exit 1
