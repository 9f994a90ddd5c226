#!/usr/bin/env bash
# The HTML conformance test runs the W3C Nu Html Checker (npm's vnu-jar), a Java program.
# npm cannot install Java here (vnu-jar's own download is not allowed to run): Debian's is used.
set -euo pipefail
if command -v java >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Java is missing: installing Debian's default-jre-headless package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  exit 0
fi
echo "Java is missing: install it with 'sudo apt-get install default-jre-headless', then run npm test again." >&2
exit 1
