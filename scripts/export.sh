#!/usr/bin/env bash
# `make export`: the static production frontend in .web/build/client, for any web server or CDN.
# Bake in the public addresses: SITE_URL (sitemap, canonical links) and REFLEX_API_URL (the backend).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"
step "Exporting the static site (SITE_URL=${SITE_URL:-http://localhost:3000}, REFLEX_API_URL=${REFLEX_API_URL:-http://localhost:8000})"
reflex export --frontend-only --no-zip
step "Static site ready in .web/build/client (serve it with 404.html as the fallback page)"
