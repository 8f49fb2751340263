#!/usr/bin/env bash
# `make a11y`: axe-core results per route and the home page's CLS, on the production build.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
bash "$PROJECT_ROOT/scripts/ensure_chromium.sh"
bash "$PROJECT_ROOT/scripts/ensure_nginx.sh"
cd "$PROJECT_ROOT"
python -m scripts.a11y_report "$@"
