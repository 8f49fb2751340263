"""The database limits on the session database: pool budget, server-side timeouts, SQLite writers, deadlines."""

from __future__ import annotations

import asyncio
import dataclasses
import subprocess
import sys
import threading
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from marketing_site.core import db
from marketing_site.settings import settings

LIMITS = db.Limits(
    connect_timeout=2,
    pool_timeout=1.0,
    statement_timeout=1.5,
    idle_in_transaction_timeout=1.25,
    submit_timeout=1.0,
    pool_size=3,
    sqlite_synchronous="NORMAL",
)

# How late a busy machine may wake the caller after the deadline and its grace (its event loop and thread
# waits): a slack, not a promise. The answers checked with it come at the deadline plus the grace; what they
# guard against wait for the database thread (a 5 s sleep, a writer holding its lock for 10 s), well past this.
LATE_WAKE = 1.0


@pytest.fixture
def bounded(database_url):
    """The session database behind an engine with LIMITS; the usual engine is restored afterwards."""
    engine = db.configure_engine(database_url, LIMITS)
    yield engine
    db.configure_engine(database_url)


@pytest.mark.parametrize(
    ("configured", "used"),
    [
        ("postgres://leads:secret@db.example:5432/leads", "postgresql+psycopg://leads:secret@db.example:5432/leads"),
        ("postgresql://leads@db.example/leads", "postgresql+psycopg://leads@db.example/leads"),
        ("postgresql+psycopg://leads@db.example/leads", "postgresql+psycopg://leads@db.example/leads"),
        ("sqlite:///data/leads.db", "sqlite:///data/leads.db"),
    ],
)
def test_a_postgres_url_as_hosting_providers_write_it_is_pointed_at_psycopg_3(configured, used):
    assert db.normalise_url(configured) == used


def test_a_sqlite_file_in_a_folder_that_does_not_exist_yet_gets_its_folder(tmp_path):
    engine = db.build_engine(f"sqlite:///{tmp_path}/data/new/leads.db")
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT 1")).scalar_one() == 1
    finally:
        engine.dispose()
    assert (tmp_path / "data" / "new" / "leads.db").is_file()


def test_reflexs_own_engine_holds_one_connection_per_worker_within_the_budget(monkeypatch):
    """rxconfig.py hands these to Reflex (its /_health check), so its engine never grows past one connection;
    the worker count goes with them only where Redis lets several workers share the forms' state."""
    engine = {
        "SQLALCHEMY_POOL_SIZE": "1",
        "SQLALCHEMY_MAX_OVERFLOW": "0",
        "SQLALCHEMY_POOL_TIMEOUT": str(settings.database_pool_timeout),
    }
    monkeypatch.delenv("GRANIAN_WORKERS", raising=False)
    monkeypatch.setattr(db, "settings", settings.model_copy(update={"redis_url": ""}))
    assert db.reflex_environment() == engine
    monkeypatch.setattr(db, "settings", settings.model_copy(update={"redis_url": "redis://127.0.0.1:6379/0"}))
    monkeypatch.setattr(db.os, "cpu_count", lambda: 4)
    assert db.reflex_environment() == {"GRANIAN_WORKERS": "4", **engine}


def test_pointing_the_process_at_a_database_closes_the_previous_engines_connections(database_url):
    previous = db.get_engine()
    with previous.connect():
        pass
    assert previous.pool.checkedin() >= 1
    db.configure_engine(database_url)
    assert previous.pool.checkedin() == 0  # disposed: no idle connection left open on the server


@pytest.mark.parametrize("workers", range(1, db.MAX_BACKEND_WORKERS + 1))
def test_every_worker_count_stays_within_the_connection_budget(workers):
    for budget in (2 * workers, 40, 97):
        per_worker = db.pool_size(budget, workers) + 1  # + Reflex's health-check connection
        assert workers * per_worker <= budget
    with pytest.raises(ValueError, match="DATABASE_MAX_CONNECTIONS"):
        db.pool_size(2 * workers - 1, workers)


@pytest.mark.parametrize(("cpus", "workers"), [(None, 2), (1, 2), (2, 2), (6, 6), (8, 8), (32, 8)])
def test_with_redis_the_backend_runs_one_worker_per_cpu_at_least_two_at_most_eight(monkeypatch, cpus, workers):
    monkeypatch.delenv("GRANIAN_WORKERS", raising=False)
    monkeypatch.setattr(db, "settings", db.settings.model_copy(update={"redis_url": "redis://127.0.0.1:6379/0"}))
    monkeypatch.setattr(db.os, "cpu_count", lambda: cpus)
    assert db.backend_workers() == workers


def test_granian_workers_overrides_the_count_and_without_redis_there_is_one(monkeypatch):
    monkeypatch.setenv("GRANIAN_WORKERS", "3")
    assert db.backend_workers() == 3
    monkeypatch.delenv("GRANIAN_WORKERS")
    monkeypatch.setattr(db, "settings", db.settings.model_copy(update={"redis_url": ""}))
    assert db.backend_workers() == 1


def test_each_connection_carries_the_limits(bounded):
    with bounded.connect() as connection:
        if bounded.dialect.name == "sqlite":
            pragmas = [
                connection.execute(text(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "busy_timeout", "synchronous")
            ]
            assert pragmas == ["wal", 1500, 1]  # synchronous 1 = NORMAL
        else:
            shown = [
                connection.execute(text(f"SHOW {name}")).scalar()
                for name in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout")
            ]
            assert shown == ["1500ms", "1500ms", "1250ms"]
    assert bounded.pool.size() == LIMITS.pool_size or bounded.dialect.name == "sqlite"


def test_a_write_waiting_past_its_deadline_is_refused(bounded, database_url):
    """Another client holds the write lock: the submission is refused in time, not queued for good."""
    holding, release = threading.Event(), threading.Event()

    def hold_the_write_lock() -> None:
        engine = db.build_engine(database_url)  # another client, no limits
        with engine.connect() as connection:
            connection.exec_driver_sql(
                "LOCK TABLE lead IN EXCLUSIVE MODE"
                if engine.dialect.name == "postgresql"
                else "DELETE FROM lead WHERE id = -1"
            )
            holding.set()
            release.wait(10)
            connection.rollback()
        engine.dispose()

    writer = threading.Thread(target=hold_the_write_lock)
    writer.start()
    try:
        assert holding.wait(5)
        began = time.monotonic()
        with pytest.raises(SQLAlchemyError):
            asyncio.run(db.run_bounded(_write))
        assert time.monotonic() - began < LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS + LATE_WAKE
    finally:
        release.set()
        writer.join()


def _write() -> None:
    with db.write_session() as session:
        session.execute(text("DELETE FROM lead WHERE id = -2"))
        session.commit()


# Another process (the single-port server's background process) takes its SQLite write turn, holds it while it
# writes a row, says when it let go, and waits to be told to end.
OTHER_WRITER = """
import sys, time
from sqlalchemy import text
from marketing_site.core import db
db.configure_engine(sys.argv[1])
with db.write_session() as session:
    session.execute(text("UPDATE alembic_version SET version_num = version_num"))  # one row, rewritten
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
    session.commit()
print(time.monotonic(), flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize("held", [0.5, 4.0])
def test_a_write_waits_for_another_processs_sqlite_writer_and_within_its_deadline_only(bounded, database_url, held):
    """Held briefly, the other process's write goes first and this one follows once it let go; held past the
    deadline, this one is refused, not queued for good (``core.sqlite_turns``)."""
    if bounded.dialect.name != "sqlite":
        pytest.skip("PostgreSQL locks rows itself: no turns between processes")
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_WRITER, database_url, str(held)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "holding"
        if held < LIMITS.submit_timeout:
            _write_after_a_read()
            assert time.monotonic() > float(other.stdout.readline())  # it let go first
        else:
            began = time.monotonic()
            with pytest.raises(SQLAlchemyError):
                _write_after_a_read()
            assert time.monotonic() - began < LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS + LATE_WAKE
    finally:
        other.communicate("", timeout=30)


def _write_after_a_read() -> None:
    with db.write_session() as session:
        session.execute(text("SELECT count(*) FROM lead")).one()
        session.execute(text("DELETE FROM lead WHERE id = -2"))
        session.commit()


def test_a_call_that_outlives_its_deadline_is_answered_in_time(bounded):
    began = time.monotonic()
    with pytest.raises(db.DatabaseTimeout) as timed_out:
        asyncio.run(db.run_bounded(time.sleep, 5))
    assert time.monotonic() - began < LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS + LATE_WAKE
    assert str(timed_out.value) == "the database did not answer in time; nothing was stored"  # logged with the 503


def test_a_thread_that_fails_just_past_the_deadline_is_answered_with_its_own_error(bounded):
    """The grace after the deadline lets the caller log why (a cut connection, a refused COMMIT)."""

    def fails_late() -> None:
        time.sleep(LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS / 2)
        raise ConnectionResetError("cut by the watchdog")

    with pytest.raises(ConnectionResetError):
        asyncio.run(db.run_bounded(fails_late))


def test_the_worker_thread_works_within_the_deadline_set_when_the_call_began(bounded):
    time_left = asyncio.run(db.run_bounded(db.deadline.remaining))
    assert time_left is not None and LIMITS.submit_timeout - 0.5 < time_left <= LIMITS.submit_timeout
    assert db.deadline.remaining() is None  # the caller's own context is left as it was


def test_out_of_time_means_no_more_than_the_margin_left(bounded):
    token = db.deadline.current.set(time.monotonic() + 0.5)
    try:
        db.deadline.ensure_time_left(0.3)
        with pytest.raises(db.DatabaseTimeout) as late:
            db.deadline.ensure_time_left(0.5)
        assert str(late.value) == "the database did not answer in time; nothing was stored"
    finally:
        db.deadline.current.reset(token)
    db.deadline.ensure_time_left(1e9)  # no deadline: never out of time


def test_sqlite_commits_with_the_time_left_that_postgresql_keeps_as_its_margin(bounded):
    """Only PostgreSQL can apply a COMMIT after the answer (see BoundedSession); SQLite commits to the end,
    so the same time left (1.5 s, room for a busy machine's slow SQLite commit) is enough for it."""
    left = LIMITS.idle_in_transaction_timeout + db.COMMIT_MARGIN_SECONDS
    token = db.deadline.current.set(time.monotonic() + left)
    try:
        with db.write_session() as session:
            session.execute(text("UPDATE alembic_version SET version_num = version_num"))  # one row, rewritten
            if bounded.dialect.name == "sqlite":
                session.commit()
            else:
                with pytest.raises(db.DatabaseTimeout):
                    session.commit()
    finally:
        db.deadline.current.reset(token)


def test_the_limits_come_from_the_settings_and_the_worker_count():
    limits = db.Limits.from_settings()
    assert limits == db.Limits(
        settings.database_connect_timeout,
        settings.database_pool_timeout,
        settings.database_statement_timeout,
        settings.database_idle_in_transaction_timeout,
        settings.database_submit_timeout,
        db.pool_size(settings.database_max_connections, db.backend_workers()),
        settings.sqlite_synchronous,
    )


@pytest.mark.parametrize(("budget", "workers", "share"), [(40, 1, 39), (40, 2, 19), (40, 5, 7), (16, 8, 1), (2, 1, 1)])
def test_each_worker_pools_its_share_of_the_budget_less_reflexs_connection(budget, workers, share):
    assert db.pool_size(budget, workers) == share


def test_a_budget_too_small_for_the_workers_says_what_to_set():
    with pytest.raises(ValueError) as refused:
        db.pool_size(9, 5)
    assert str(refused.value) == (
        "DATABASE_MAX_CONNECTIONS=9 is too small for 5 backend workers: each needs 2 connections (set at least 10)"
    )


@pytest.fixture
def idle_limited(database_url):
    """PostgreSQL ends a transaction idle for 0.3 s, well inside a 3 s deadline (no watchdog cut involved)."""
    if db.normalise_url(database_url).startswith("sqlite"):
        pytest.skip("SQLite has no idle-in-transaction limit")
    limits = dataclasses.replace(LIMITS, idle_in_transaction_timeout=0.3, submit_timeout=3.0)
    db.configure_engine(database_url, limits)
    yield limits
    db.configure_engine(database_url)


def test_a_read_whose_transaction_the_server_ended_while_idle_keeps_what_it_read(idle_limited):
    """On a busy machine a thread may wait past PostgreSQL's idle-in-transaction limit between its last read
    and the session's close: the server has ended the transaction, so the closing rollback has nothing to
    undo. The caller keeps its rows (a staff page, not the outage page), and the next session works."""
    with db.session() as db_session:
        read = db_session.execute(text("SELECT 41 + 1")).scalar_one()
        time.sleep(idle_limited.idle_in_transaction_timeout + 0.7)
    assert read == 42
    with db.session() as db_session:
        assert db_session.execute(text("SELECT 1")).scalar_one() == 1


def test_a_statement_after_the_server_ended_the_transaction_still_fails(idle_limited):
    """Only the closing rollback is forgiven: work sent into a transaction the server ended is an error."""
    with pytest.raises(SQLAlchemyError), db.session() as db_session:
        db_session.execute(text("SELECT 1"))
        time.sleep(idle_limited.idle_in_transaction_timeout + 0.7)
        db_session.execute(text("SELECT 2"))
