#!/usr/bin/env bash
# Make the browser tests (tests/web/test_browser.py) runnable: install Debian's Chromium when
# /usr/bin/chromium is missing, and CJK fonts so that screenshots of the charts show the characters.
# Idempotent: does nothing when both are present. Needs root (CI runs as root) and the Debian mirror.
#
#   bash scripts/ci_browser.sh        # then: CI=true .venv/bin/python -m pytest tests/web/test_browser.py
set -euo pipefail

need=()
[[ -x /usr/bin/chromium ]] || need+=(chromium)
# (no grep -q: with pipefail an early exit would SIGPIPE fc-list and read as "missing")
if ! fc-list 2>/dev/null | grep -i "Noto Sans CJK" >/dev/null; then need+=(fonts-noto-cjk); fi

if [[ ${#need[@]} -eq 0 ]]; then
    echo "ci_browser: chromium and CJK fonts present" >&2
    exit 0
fi
if [[ "$(id -u)" != 0 ]]; then
    echo "ci_browser: need root to apt-get install ${need[*]}" >&2
    exit 1
fi
echo "ci_browser: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
[[ -x /usr/bin/chromium ]] || { echo "ci_browser: /usr/bin/chromium still missing" >&2; exit 1; }
echo "ci_browser: ok ($(/usr/bin/chromium --version 2>/dev/null || echo chromium))" >&2
