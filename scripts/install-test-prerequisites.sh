#!/usr/bin/env bash
# Installs what the tests need and npm cannot, from Debian's packages: Chromium's headless shell
# for the browser tests (Playwright may not download its own browser here), a Redis server for the tests of
# the shared rate limits, which it starts when none answers, strace for the durability test, and
# Caddy for the HTTPS deployment check (scripts/deploy-check.mjs). Run as root, or with sudo available.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v strace >/dev/null 2>&1 || missing+=(strace)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ "${#missing[@]}" -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "Chromium: $(/usr/bin/chromium-headless-shell --version 2>/dev/null || echo /usr/bin/chromium-headless-shell)"

# TEST_REDIS_URL names another server; otherwise the tests use 127.0.0.1:6379.
if [ -z "${TEST_REDIS_URL:-}" ] && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no
  echo "Started a Redis server on 127.0.0.1:6379 for the tests"
fi
