#!/usr/bin/env bash
# Makes sure Debian's nginx exists: tests and benchmarks serve the export through it with deploy/nginx.
exec bash "$(dirname "$0")/ensure_debian_package.sh" nginx nginx /usr/sbin/nginx
