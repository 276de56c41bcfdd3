#!/usr/bin/env bash
# Browser and end-to-end tests drive Debian's Chromium (test tools never download a browser): its headless shell,
# which costs less CPU than the full browser (tests/support/chromium-launch.mjs); the mail tests' TLS certificate
# comes from the openssl command. Installs what is missing when we may (root with apt-get); otherwise says what to do.
set -euo pipefail
missing=()
if [ -n "${CHROME_PATH:-}" ]; then
  [ -x "$CHROME_PATH" ] || missing+=(chromium)
elif [ ! -x /usr/bin/chromium-headless-shell ]; then
  missing+=(chromium-headless-shell)
fi
command -v openssl >/dev/null || missing+=(openssl)
# User federation tests start OpenLDAP (slapd) and read it back with its tools.
[ -x "${SLAPD_PATH:-/usr/sbin/slapd}" ] || missing+=(slapd)
command -v ldapsearch >/dev/null || missing+=(ldap-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" > /dev/null
  exit 0
fi
# Without root, the full browser will do in place of the headless shell.
if [ "${missing[*]}" = "chromium-headless-shell" ] && [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Missing for the tests: ${missing[*]}. Install Debian's packages or set CHROME_PATH to a Chromium." >&2
exit 1
