#!/usr/bin/env bash
# Installs what the browser tests need and npm cannot: Debian's Chromium (Playwright may not
# download its own browser here). Run as root, or with sudo available.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "Chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium
echo "Installed $(/usr/bin/chromium --version)"
