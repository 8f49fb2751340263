#!/usr/bin/env bash
# `make serve`: set up, migrate, and run the single-port production server (scripts/serve.py) under supervisord.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
migrate_database
cd "$PROJECT_ROOT"
exec python -m scripts.serve "$@"
