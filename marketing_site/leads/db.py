"""One engine per process, built from settings.database_url (or a URL tests hand in).

SQLite gets WAL and a busy timeout so several workers can write without "database is locked";
PostgreSQL URLs are pointed at the psycopg 3 driver, the one installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, create_engine

from marketing_site.settings import settings

SQLITE_BUSY_TIMEOUT_MS = 5000

_engine: Engine | None = None


def normalise_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` mean psycopg 3 here; other URLs pass unchanged."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def build_engine(url: str) -> Engine:
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")  # SQLite ignores REFERENCES (lead_module, idempotency) without it
    cursor.close()


def configure_engine(url: str) -> Engine:
    """Point this process at another database (tests, scripts); disposes the previous engine."""
    global _engine
    if _engine is not None:
        _engine.dispose()
    _engine = build_engine(url)
    return _engine


def get_engine() -> Engine:
    return _engine if _engine is not None else configure_engine(settings.database_url)


@contextmanager
def session() -> Iterator[Session]:
    """A session that rolls back whatever was not committed when the block ends."""
    with Session(get_engine(), expire_on_commit=False) as db_session:
        yield db_session
