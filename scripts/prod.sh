#!/usr/bin/env bash
# `make prod`: set up, make sure nginx, PostgreSQL and Redis exist, run the production topology (scripts/prod.py).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_nginx.sh"
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" postgresql '/usr/lib/postgresql/*/bin/pg_ctl'
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" redis-server redis-server
cd "$PROJECT_ROOT"
exec python -m scripts.prod "$@"
