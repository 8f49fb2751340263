# Source me (". scripts/setup.sh"): idempotent project setup for a fresh machine.
# Creates .venv from requirements.txt, installs bun into git-ignored .tools/ from the npm
# registry (Reflex needs Node 22+, bun replaces it), and exports the tool environment.

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$PROJECT_ROOT/.venv"
TOOLS="$PROJECT_ROOT/.tools"
BUN_VERSION="1.4.4"

step() { printf '==> %s\n' "$*"; }

ensure_python_packages() {
    if [ ! -x "$VENV/bin/python" ]; then
        step "Creating the Python virtual environment in .venv"
        python3 -m venv "$VENV"
    fi
    local stamp="$VENV/.requirements.sha256" wanted
    wanted="$(sha256sum "$PROJECT_ROOT/requirements.txt" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
        step "Installing Python packages from requirements.txt (1-2 min)…"
        "$VENV/bin/python" -m pip install -qq --disable-pip-version-check -r "$PROJECT_ROOT/requirements.txt"
        echo "$wanted" > "$stamp"
    fi
}

ensure_bun() {
    if [ "$("$TOOLS/node_modules/.bin/bun" --version 2>/dev/null)" != "$BUN_VERSION" ]; then
        step "Installing bun $BUN_VERSION into .tools/ from the npm registry (~30 s)…"
        npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error "bun@$BUN_VERSION"
    fi
}

# Applies Alembic migrations to DATABASE_URL (default: the SQLite file var/leads.db).
migrate_database() {
    if [ -f "$PROJECT_ROOT/alembic.ini" ]; then
        step "Migrating the database (alembic upgrade head)"
        (cd "$PROJECT_ROOT" && python -m alembic upgrade head)
    fi
}

ensure_python_packages
ensure_bun
export VIRTUAL_ENV="$VENV"
export PATH="$VENV/bin:$TOOLS/node_modules/.bin:$PATH"
export REFLEX_USE_SYSTEM_BUN=1 REFLEX_TELEMETRY_ENABLED=false
