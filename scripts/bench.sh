#!/usr/bin/env bash
# `make bench`: Lighthouse (mobile, simulated throttling) on the production export served by nginx (deploy/nginx).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_chromium.sh"
bash "$PROJECT_ROOT/scripts/ensure_nginx.sh"
cd "$PROJECT_ROOT"
python -m scripts.bench_lighthouse "$@"
