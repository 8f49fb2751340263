#!/usr/bin/env bash
# Static checks `make test` runs before any test: lint, format, the package layering, types.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '==> %s\n' "$*"; }
step "ruff check (lint) and ruff format --check"
ruff check --quiet .
ruff format --check --quiet .
step "lint-imports (packages depend downwards only: pyproject.toml [tool.importlinter])"
lint-imports --no-cache > /dev/null || lint-imports --no-cache
step "mypy (strict on the rule-holding packages: pyproject.toml [tool.mypy])"
mypy
