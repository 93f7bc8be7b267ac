#!/bin/sh
# The browser tests drive Debian's Chromium (never a downloaded browser). On a fresh Debian
# machine, install it once through apt-get; elsewhere, say what is missing.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="unavailable"; fi
  if [ "$SUDO" != "unavailable" ]; then
    echo "Chromium not found at $CHROMIUM: installing Debian's chromium package (apt-get)..."
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
    [ -x "$CHROMIUM" ] && exit 0
  fi
fi
echo "The browser tests need Chromium at $CHROMIUM." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
