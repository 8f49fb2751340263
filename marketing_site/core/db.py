"""One engine per process, built from settings.database_url (or a URL tests hand in), every step bounded.

The app's engine (``configure_engine``/``get_engine``) carries the limits of the DATABASE_* settings:
PostgreSQL gets connect_timeout, statement_timeout/lock_timeout and
idle_in_transaction_session_timeout on every connection and a pool sized from the worker count
within DATABASE_MAX_CONNECTIONS; SQLite gets WAL, a busy timeout and the configured synchronous
mode. ``run_bounded`` gives a submission DATABASE_SUBMIT_TIMEOUT for all its database work (see
``deadline`` for how a frozen server is cut off). Engines built without limits (migrations,
tools, tests reading back) wait as long as the database needs. URLs are pointed at psycopg 3.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, TypeVarTuple

import anyio
import psycopg
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection
from sqlmodel import Session, create_engine

from marketing_site.core import commit_trip, deadline, lost_connection, sqlite_turns
from marketing_site.core.deadline import DatabaseTimeout
from marketing_site.settings import settings

__all__ = [
    "DatabaseTimeout",
    "Limits",
    "build_engine",
    "configure_engine",
    "get_engine",
    "run_bounded",
    "session",
    "write_session",
]

UNBOUNDED_SQLITE_BUSY_SECONDS = 5.0  # engines without limits (tools, tests reading back)
MAX_BACKEND_WORKERS = 8  # Reflex's ceiling (reflex.utils.processes.MAX_BACKEND_WORKERS)
COMMIT_MARGIN_SECONDS = 0.25  # slack for the COMMIT's own trip on top of the idle-in-transaction timeout
ANSWER_GRACE_SECONDS = 0.5  # the caller waits this long past the deadline for the thread's own error
T = TypeVar("T")
Args = TypeVarTuple("Args")


@dataclass(frozen=True)
class Limits:
    connect_timeout: int  # seconds; psycopg (like libpq) waits at least 2
    pool_timeout: float
    statement_timeout: float  # PostgreSQL statement_timeout and lock_timeout; SQLite busy timeout
    idle_in_transaction_timeout: float
    submit_timeout: float  # all database work of one submission
    pool_size: int  # connections one worker process may hold
    sqlite_synchronous: str

    @classmethod
    def from_settings(cls) -> Limits:
        return cls(
            settings.database_connect_timeout,
            settings.database_pool_timeout,
            settings.database_statement_timeout,
            settings.database_idle_in_transaction_timeout,
            settings.database_submit_timeout,
            pool_size(settings.database_max_connections, backend_workers()),
            settings.sqlite_synchronous,
        )


def backend_workers() -> int:
    """Worker processes the backend runs: GRANIAN_WORKERS, else one per CPU (at least 2) with Redis, else 1.

    Reflex's own rule, 2 × CPUs + 1, suits blocking workers; these are asynchronous, and the extra
    processes only took turns on the cores: p99 at 50 clients 15-30 % higher (README, Writes under load)."""
    if forced := os.environ.get("GRANIAN_WORKERS", "").strip():
        return int(forced)
    return min(max(os.cpu_count() or 1, 2), MAX_BACKEND_WORKERS) if settings.redis_url else 1


def pool_size(budget: int, workers: int) -> int:
    """One worker's share of the connection budget, less the one Reflex's health check keeps."""
    if budget < 2 * workers:
        raise ValueError(
            f"DATABASE_MAX_CONNECTIONS={budget} is too small for {workers} backend workers: "
            f"each needs 2 connections (set at least {2 * workers})"
        )
    return budget // workers - 1


def reflex_environment() -> dict[str, str]:
    """What Reflex reads from the environment: with Redis, the worker count above (without it Reflex runs
    one, and a process without Redis must not hand a count to the backends it starts); its own engine
    (its /_health check) holding one connection per worker within the same budget.

    Read by rxconfig.py at start-up, so a budget too small for the workers stops the backend there."""
    workers = {"GRANIAN_WORKERS": str(backend_workers())} if settings.redis_url else {}
    return {
        **workers,
        "SQLALCHEMY_POOL_SIZE": "1",
        "SQLALCHEMY_MAX_OVERFLOW": "0",
        "SQLALCHEMY_POOL_TIMEOUT": str(Limits.from_settings().pool_timeout),
    }


@dataclass(frozen=True)
class _Database:
    engine: Engine
    limits: Limits


_database: _Database | None = None  # this process's engine and the limits it was built with


def normalise_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` mean psycopg 3 here; other URLs pass unchanged."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def build_engine(url: str, limits: Limits | None = None) -> Engine:
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(url, parsed.database, limits)
    if limits is None:
        return create_engine(url, pool_pre_ping=True, hide_parameters=True)
    server_limits = {
        "statement_timeout": limits.statement_timeout,
        "lock_timeout": limits.statement_timeout,
        "idle_in_transaction_session_timeout": limits.idle_in_transaction_timeout,
    }
    engine = create_engine(
        url,
        hide_parameters=True,  # a logged database error never carries a visitor's data (core/logs.py)
        pool_size=limits.pool_size,
        max_overflow=0,
        pool_timeout=limits.pool_timeout,
        connect_args={
            "connect_timeout": limits.connect_timeout,
            "options": " ".join(f"-c {name}={round(seconds * 1000)}" for name, seconds in server_limits.items()),
        },
    )
    # Queued last statements leave with the COMMIT (core.commit_trip): no hook reaches the dialect's commit
    engine.dialect.do_commit = partial(  # type: ignore[method-assign]
        commit_trip.commit_with_queued, wait_seconds=limits.idle_in_transaction_timeout
    )
    commit_trip.hold_on(engine)  # a bounded session's write-only rows wait for a trip that goes anyway
    event.listen(engine, "checkout", _watch_and_ping)
    event.listen(engine, "checkin", lambda connection, _record: deadline.watchdog.release(connection))
    event.listen(engine, "invalidate", lambda connection, _record, _error: deadline.watchdog.release(connection))
    return engine


def _watch_and_ping(
    connection: psycopg.Connection[Any], _record: ConnectionPoolEntry, _proxy: PoolProxiedConnection
) -> None:
    """Pre-ping under the watchdog (SQLAlchemy's own pre-ping runs before any event could bound it)."""
    ends = deadline.current.get()
    if ends is not None:
        deadline.ensure_time_left()
        deadline.watchdog.watch(connection, ends)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except psycopg.Error as error:
        deadline.watchdog.release(connection)
        deadline.ensure_time_left()
        raise DisconnectionError("stale connection") from error  # the pool connects afresh and retries


def _sqlite_engine(url: str, path: str | None, limits: Limits | None) -> Engine:
    if path:  # ":memory:" has the current folder as its parent: nothing to make
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    busy = limits.statement_timeout if limits else UNBOUNDED_SQLITE_BUSY_SECONDS
    synchronous = limits.sqlite_synchronous if limits else "FULL"
    engine = create_engine(url, hide_parameters=True)
    event.listen(engine, "connect", partial(_sqlite_pragmas, busy_ms=round(busy * 1000), synchronous=synchronous))
    return engine


def _sqlite_pragmas(
    dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry, *, busy_ms: int, synchronous: str
) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={busy_ms}")  # first: switching to WAL may wait for another writer
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")  # NORMAL or FULL (settings validate it)
    cursor.execute("PRAGMA foreign_keys=ON")  # SQLite ignores REFERENCES (lead_module, idempotency) without it
    cursor.close()


def configure_engine(url: str, limits: Limits | None = None) -> Engine:
    """Point this process at another database (tests, scripts); disposes the previous engine."""
    return _configure(url, limits).engine


def _configure(url: str, limits: Limits | None = None) -> _Database:
    global _database
    if _database is not None:
        _database.engine.dispose()
    chosen = limits or Limits.from_settings()
    engine = build_engine(url, chosen)
    event.listen(engine, "commit", lost_connection.note_commit)  # a COMMIT sent: run_bounded does no work twice
    _database = _Database(engine, chosen)
    return _database


def _configured() -> _Database:
    return _database if _database is not None else _configure(settings.database_url)


def get_engine() -> Engine:
    return _configured().engine


def limits() -> Limits:
    return _configured().limits


_LAST_WRITES: list[Callable[[Session], None]] = [commit_trip.hand_over]


def last_writes(write: Callable[[Session], None]) -> None:
    """Have ``write(session)`` add a transaction's last statements at its commit (``BoundedSession.commit``). On
    PostgreSQL it runs after the time left for COMMIT is judged and should hand its statements to
    ``commit_trip.queue``, which sends them with the COMMIT (executed apart, one of them could hold COMMIT back
    past the deadline); on SQLite it runs before the check."""
    _LAST_WRITES.append(write)


class BoundedSession(Session):
    """Sends COMMIT only while a server that freezes now would still refuse it after the deadline.

    PostgreSQL ends a transaction left idle longer than idle_in_transaction_session_timeout, and it
    checks that before reading the next command when it wakes; so a COMMIT sent at least that long
    before the deadline either lands in time for the answer or is never applied.
    """

    hands_over_rows = True  # the rows ``commit_trip`` held for it leave with its COMMIT (a last write)

    def commit(self) -> None:
        postgres = self.get_bind().dialect.name == "postgresql"
        if postgres:  # judged first: the last writes leave with the COMMIT, within the same bound
            deadline.ensure_time_left(limits().idle_in_transaction_timeout + COMMIT_MARGIN_SECONDS)
        with commit_trip.gathering() if postgres else nullcontext():
            for write in _LAST_WRITES:
                write(self)
            if not postgres:
                deadline.ensure_time_left(0.0)
            with lost_connection.committing():
                super().commit()


@contextmanager
def session() -> Iterator[Session]:
    """A session that rolls back whatever was not committed, within the current deadline (or a new one)."""
    with _deadline_set():
        db_session = BoundedSession(get_engine(), expire_on_commit=False)
        try:
            yield db_session
        finally:
            _close(db_session)


def _close(db_session: Session) -> None:
    """Closing rolls back what was not committed. A connection the server has already ended (its
    idle-in-transaction limit after a read that a busy machine kept waiting, a restart) holds nothing left to
    roll back: SQLAlchemy has invalidated it, the pool connects afresh, and the caller keeps what it read."""
    try:
        db_session.close()
    except DBAPIError as error:
        if not error.connection_invalidated:
            raise


@contextmanager
def write_session() -> Iterator[Session]:
    """``session()`` for a transaction that writes: on SQLite the writers of every process take turns for the
    whole session, its reads included (``sqlite_turns``: no busy-handler sleeps, the p99 cause under load).
    PostgreSQL locks rows itself."""
    with _deadline_set() as ends:
        engine = get_engine()
        if engine.dialect.name != "sqlite":
            with session() as db_session:
                yield db_session
            return
        with sqlite_turns.writer_turn(engine.url.database, ends), session() as db_session:
            yield db_session


@contextmanager
def _deadline_set() -> Iterator[float]:
    """Keep the caller's deadline; without one, this block gets DATABASE_SUBMIT_TIMEOUT of its own (yielded)."""
    ends = deadline.current.get()
    if ends is not None:
        yield ends
        return
    ends = time.monotonic() + limits().submit_timeout
    token = deadline.current.set(ends)
    try:
        yield ends
    finally:
        deadline.current.reset(token)


async def run_bounded(call: Callable[[*Args], T], *args: *Args, seconds: float | None = None) -> T:
    """``call(*args)`` in a worker thread with DATABASE_SUBMIT_TIMEOUT (or ``seconds``) for all its database work.

    The deadline starts now, so time spent waiting for a thread counts; the event loop stays free.
    Past it (plus a short grace for the thread's own error) DatabaseTimeout is raised here, whatever
    the thread is doing, and the thread itself can no longer commit. Work whose connection the server ended
    before anything was stored is done again within the same deadline (``lost_connection``).
    """
    budget = seconds if seconds is not None else limits().submit_timeout
    token = deadline.current.set(time.monotonic() + budget)  # copied into the thread's context
    try:
        with anyio.fail_after(budget + ANSWER_GRACE_SECONDS):
            work = partial(lost_connection.done_again_if_lost, call, *args)
            return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
    except TimeoutError:
        raise DatabaseTimeout("the database did not answer in time; nothing was stored") from None
    finally:
        deadline.current.reset(token)
