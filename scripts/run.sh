#!/usr/bin/env bash
# `make run`: set up, migrate the embedded SQLite database, and serve the site for development.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
migrate_database
cd "$PROJECT_ROOT"
step "Staff area: http://localhost:8000/admin. First staff user: python -m marketing_site.admin create-user you@example.com --role admin"
if [ -z "${SMTP_HOST:-}" ]; then
    step "No SMTP_HOST: lead mails stay queued. To watch them arrive: make mail-catcher (another terminal), then SMTP_HOST=127.0.0.1 SMTP_PORT=1025 SMTP_SECURITY=none make run"
fi
step "Development server (the mail, timer and webhook loops inside it). The production one on one port: make serve"
step "Starting the site: http://localhost:3000, backend http://localhost:8000 (or the ports given); Ctrl+C stops it"
exec reflex run "$@"
