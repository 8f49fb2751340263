#!/usr/bin/env bash
# `make test`: set up, make sure Chromium exists, run the whole pytest suite (SQLite), then run it
# again against PostgreSQL (each session makes its own database) with the served site's backend on
# Redis. On a developer machine a missing PostgreSQL or Redis only narrows the run; under CI=true it
# fails the run, so the PostgreSQL pass can never vanish silently. The last line names what ran.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"

postgres_address="${TEST_POSTGRES_ADDRESS:-127.0.0.1:5432}"  # host:port probed when TEST_DATABASE_URL is unset
redis_address="${TEST_REDIS_ADDRESS:-127.0.0.1:6379}"
postgres_server="${TEST_DATABASE_URL:-postgresql+psycopg://postgres@$postgres_address/test}"
redis_server="redis://$redis_address/5"

answers() {  # answers HOST:PORT: something accepts TCP connections there
    python -c 'import socket, sys; host, port = sys.argv[1].rsplit(":", 1); socket.create_connection((host, int(port)), timeout=2)' "$1" 2> /dev/null
}

postgres=no redis=no
if [ -n "${TEST_DATABASE_URL:-}" ] || answers "$postgres_address"; then postgres=yes; fi
if answers "$redis_address"; then redis=yes; fi
if [ "${CI:-}" = "true" ] && { [ "$postgres" = no ] || [ "$redis" = no ]; }; then
    step "CI=true, but reachable: PostgreSQL ($postgres_address) $postgres, Redis ($redis_address) $redis. Failing rather than testing less."
    exit 1
fi

# Reachability is settled first (a CI run without its servers fails in seconds), then the slow steps.
bash scripts/ensure_chromium.sh
bash scripts/ensure_nginx.sh
# tests/faults start a private PostgreSQL and Redis of their own (never the shared ones).
bash scripts/ensure_debian_package.sh postgresql '/usr/lib/postgresql/*/bin/pg_ctl'
bash scripts/ensure_debian_package.sh redis-server redis-server
bash scripts/ensure_debian_package.sh default-jre-headless java  # runs the W3C checker (vnu.jar)
bash scripts/check.sh

# Two workers (pytest-xdist): most tests wait on servers, pages and timers, so two sessions share the two
# cores well. Each test module, and each folder of tests/conftest.py's SHARED_SESSION_FOLDERS, runs whole on
# one worker (tests/conftest.py, parallel_group), the longest first. TEST_WORKERS=0 runs in one process.
parallel=(-n "${TEST_WORKERS:-2}" --dist loadscope --no-loadscope-reorder)

step "Running the test suite (SQLite)"
env -u TEST_DATABASE_URL python -m pytest "${parallel[@]}" "$@"
exercised="SQLite (site backend: 1 worker, state on disk)"

if [ "$postgres" = yes ]; then
    site_redis=""
    [ "$redis" = yes ] && site_redis="$redis_server"
    step "Running the test suite again against PostgreSQL${site_redis:+, site backend on Redis (several workers)}"
    TEST_DATABASE_URL="$postgres_server" TEST_SITE_REDIS_URL="$site_redis" python -m pytest "${parallel[@]}" "$@"
    exercised="$exercised; PostgreSQL$([ "$redis" = yes ] && echo " (site backend: several workers, state and rate limit in Redis)")"
else
    step "No PostgreSQL on $postgres_address: skipped the PostgreSQL pass"
fi
step "Exercised: $exercised"
