#!/usr/bin/env bash
# `make bench-load`: set up, make sure wrk exists, run the write benchmark (scripts/bench_load.py).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_debian_package.sh" wrk wrk
cd "$PROJECT_ROOT"
python -m scripts.bench_load "$@"
