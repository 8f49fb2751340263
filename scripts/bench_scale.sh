#!/usr/bin/env bash
# `make bench-scale`: set up, make sure wrk, nginx, PostgreSQL and Redis exist, run scripts/bench_scale.py.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" wrk wrk
bash "$PROJECT_ROOT/scripts/ensure_nginx.sh"
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" postgresql '/usr/lib/postgresql/*/bin/pg_ctl'
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" redis-server redis-server
cd "$PROJECT_ROOT"
python -m scripts.bench_scale "$@"
