"""`make test` under CI=true refuses to go green on SQLite alone: an unreachable PostgreSQL or Redis fails it,
before the static checks and the packages (so this test costs seconds: check.sh runs once, in scripts/test.sh)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTHING_LISTENS = "127.0.0.1:1"


def run_ci(**addresses: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "TEST_DATABASE_URL"}
    return subprocess.run(
        ["bash", "scripts/test.sh", "--collect-only", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**env, "CI": "true", **addresses},
    )


@pytest.mark.parametrize("missing", ["TEST_POSTGRES_ADDRESS", "TEST_REDIS_ADDRESS"])
def test_ci_fails_when_a_database_or_backend_is_unreachable(missing):
    result = run_ci(**{missing: NOTHING_LISTENS})
    assert result.returncode == 1
    assert "CI=true, but reachable:" in result.stdout and f"({NOTHING_LISTENS}) no" in result.stdout
    assert "Running the test suite" not in result.stdout
    assert "ruff check" not in result.stdout  # failed before the slow steps, not after them
