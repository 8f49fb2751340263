#!/usr/bin/env bash
# `make bench-inbox`: set up, then seed 100,000 leads and time the staff inbox (scripts/bench_inbox.py).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"
python -m scripts.bench_inbox "$@"
