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
apt() {  # apt-get, waiting (up to 10 min) while another apt-get holds its locks rather than failing the run
    local attempt
    for attempt in $(seq 120); do
        if "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=5 "$@" 2> /tmp/apt.$$.err; then
            rm -f /tmp/apt.$$.err
            return 0
        fi
        grep -q "Could not get lock\|Unable to lock\|Unable to acquire" /tmp/apt.$$.err || { cat /tmp/apt.$$.err >&2; return 1; }
        [ "$attempt" -eq 1 ] && echo "==> Another apt-get holds the package lock; waiting for it…"
        sleep 5
    done
    cat /tmp/apt.$$.err >&2
    return 1
}
echo "==> Installing $package from Debian's packages…"
apt update -qq
apt install -y -qq "$package" > /dev/null
