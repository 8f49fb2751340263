"""A throwaway, migrated database for one test session's backend.

SQLite in the scratch folder by default; with ``TEST_DATABASE_URL`` (a PostgreSQL server URL) a
uniquely named database is created on that server and dropped afterwards, so runs never collide.
"""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scripts.harness.build import ROOT


@contextmanager
def throwaway_database(scratch: Path, server_url: str = "", prefix: str = "site") -> Iterator[str]:
    """A new empty database for the block: a SQLite file in ``scratch``, or one on the server."""
    name = f"{prefix}_test_{uuid.uuid4().hex[:12]}"
    if not server_url:
        yield f"sqlite:///{scratch / f'{name}.db'}"
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    server = make_url(server_url)
    maintenance = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with maintenance.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with maintenance.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        maintenance.dispose()


def migrate(env: dict[str, str]) -> None:
    """``alembic upgrade head`` against ``env["DATABASE_URL"]`` once the project has Alembic."""
    if not (ROOT / "alembic.ini").exists():
        return
    result = subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"alembic upgrade head failed:\n{result.stdout}\n{result.stderr}")
