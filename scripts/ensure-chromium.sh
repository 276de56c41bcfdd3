#!/usr/bin/env bash
# Browser and end-to-end tests drive Debian's Chromium (test tools never download a browser).
# Installs it when missing and we may (root with apt-get); otherwise says what to do.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$chrome" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium > /dev/null
  exit 0
fi
echo "Chromium not found at $chrome: install Debian's chromium package or set CHROME_PATH." >&2
exit 1
