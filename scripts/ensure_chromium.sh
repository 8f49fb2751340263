#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests and the benchmark exists; installs Debian's if not.
set -euo pipefail

for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$candidate" > /dev/null; then
        exit 0
    fi
done

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
    as_root=(sudo -n)
else
    echo "Chromium is missing and installing it needs root: run 'apt-get install -y chromium' as root." >&2
    exit 1
fi
echo "==> Installing Chromium from Debian's packages (1-3 min)…"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
