#!/usr/bin/env bash
# Usage: ensure_debian_package.sh PACKAGE COMMAND_OR_PATH_PATTERN...
# Installs Debian's PACKAGE unless one of the commands is on PATH or a path pattern matches (as
# root, or with passwordless sudo). For the tools tests and benchmarks drive: chromium, wrk, and
# the PostgreSQL/Redis servers the fault tests start privately.
set -euo pipefail

package="$1"
shift
for candidate in "$@"; do
    if command -v "$candidate" > /dev/null || compgen -G "$candidate" > /dev/null; then
        exit 0
    fi
done

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
    as_root=(sudo -n)
else
    echo "$package is missing and installing it needs root: run 'apt-get install -y $package' as root." >&2
    exit 1
fi
echo "==> Installing $package from Debian's packages…"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" > /dev/null
