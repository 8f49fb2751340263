#!/usr/bin/env bash
# `make run`: set up, migrate the embedded SQLite database, and serve the site for development.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
migrate_database
cd "$PROJECT_ROOT"
step "Starting the site: http://localhost:3000, backend http://localhost:8000 (or the ports given); Ctrl+C stops it"
exec reflex run "$@"
