"""What the test groups that start servers of their own share (tests/faults): they run once,
in the SQLite pass (the PostgreSQL pass would start the very same servers again), and they need Debian's
PostgreSQL and Redis server binaries (missing: skipped on a developer machine, failed in CI)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from scripts.harness.private_postgres import postgres_bin_dir


def mark_and_run_once(items: list[pytest.Item], folder: Path, marker: str) -> None:
    """Give the tests under ``folder`` the ``marker``; skip them in the PostgreSQL pass."""
    for item in items:
        if folder in item.path.parents:
            item.add_marker(getattr(pytest.mark, marker))
            if os.environ.get("TEST_DATABASE_URL"):
                item.add_marker(pytest.mark.skip(reason=f"{marker} tests run once, in the SQLite pass"))


def require_servers(group: str) -> None:
    missing = [
        name
        for name, found in (("postgresql", postgres_bin_dir()), ("redis-server", shutil.which("redis-server")))
        if not found
    ]
    if missing:
        message = f"{group} tests need Debian's {' and '.join(missing)}"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
