#!/usr/bin/env bash
# `make test`: set up, make sure Chromium exists, run the whole pytest suite (SQLite), then run it
# again against PostgreSQL when a server answers on 127.0.0.1:5432 (each session makes its own database).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_chromium.sh"
# tests/faults start a private PostgreSQL and Redis of their own (never the shared ones).
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" postgresql '/usr/lib/postgresql/*/bin/pg_ctl'
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" redis-server redis-server
cd "$PROJECT_ROOT"

postgres_server="${TEST_DATABASE_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/test}"

step "Running the test suite (SQLite)"
env -u TEST_DATABASE_URL python -m pytest "$@"

if python -c 'import socket, sys; socket.create_connection(("127.0.0.1", 5432), timeout=2)' 2> /dev/null \
        || [ -n "${TEST_DATABASE_URL:-}" ]; then
    site_redis=""
    if python -c 'import socket; socket.create_connection(("127.0.0.1", 6379), timeout=2)' 2> /dev/null; then
        site_redis="redis://127.0.0.1:6379/5"
    fi
    step "Running the test suite again against PostgreSQL${site_redis:+, site backend on Redis (several workers)}"
    TEST_DATABASE_URL="$postgres_server" TEST_SITE_REDIS_URL="$site_redis" python -m pytest "$@"
else
    step "No PostgreSQL on 127.0.0.1:5432: skipped the PostgreSQL pass"
fi
