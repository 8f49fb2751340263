"""A submission whose transaction PostgreSQL ended (idle_in_transaction_session_timeout, after its worker thread
waited for the CPU on a busy machine) is done again within its deadline, once nothing of it can have been stored,
and never when a COMMIT may have been applied.

The stall is a sleep a second longer than the idle timeout, so the server ends the transaction whatever the
machine's speed (its timer may fire that late); the deadline leaves ample time for the attempts after it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from marketing_site.core import db

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="PostgreSQL ends idle transactions")

LIMITS = dataclasses.replace(
    db.Limits.from_settings(), idle_in_transaction_timeout=1.0, submit_timeout=15.0, pool_size=2
)  # production's idle timeout, a deadline with room for the attempts
STALL = LIMITS.idle_in_transaction_timeout + 1.0  # the worker thread waits for the CPU this long, once


@pytest.fixture
def notes(database_url) -> Iterator[str]:
    """A scratch table of its own, and the engine with LIMITS; the usual engine afterwards."""
    table = f"stall_notes_{uuid.uuid4().hex[:8]}"
    plain = db.build_engine(database_url)
    with plain.begin() as connection:
        connection.execute(text(f"CREATE TABLE {table} (note text NOT NULL)"))
    db.configure_engine(database_url, LIMITS)
    yield table
    db.configure_engine(database_url)
    with plain.begin() as connection:
        connection.execute(text(f"DROP TABLE {table}"))
    plain.dispose()


def stored(table: str) -> list[str]:
    with db.session() as session:
        return list(session.execute(text(f"SELECT note FROM {table}")).scalars())


def submitted(work: Callable[[], object]) -> tuple[list[str], Exception | None]:
    """How each attempt of ``work`` through run_bounded ended ("ok" or its error), and the answer's error."""
    seen: list[str] = []

    def attempt() -> None:
        try:
            work()
        except DBAPIError as error:
            seen.append("ended by the server" if error.connection_invalidated else type(error.orig).__name__)
            raise
        seen.append("ok")

    try:
        asyncio.run(db.run_bounded(attempt))
    except DBAPIError as refused:
        return seen, refused
    return seen, None


def stalling_once(steps: Callable[[bool], None]) -> Callable[[], None]:
    """``steps(stall)``, told to stall on its first run only."""
    runs: list[None] = []

    def work() -> None:
        runs.append(None)
        steps(len(runs) == 1)

    return work


@pytest.mark.parametrize("stalled_before", ["a statement", "COMMIT"])
def test_a_transaction_the_server_ended_while_the_worker_stalled_is_done_again_and_stored_once(notes, stalled_before):
    """Before COMMIT: the server ended the transaction before it read the COMMIT, and says so (25P03)."""

    def steps(stall: bool) -> None:
        with db.write_session() as session:
            session.execute(text(f"INSERT INTO {notes} VALUES ('lead')"))
            if stall:
                time.sleep(STALL)
            if stalled_before == "a statement":
                session.execute(text(f"SELECT count(*) FROM {notes}"))
            session.commit()

    seen, error = submitted(stalling_once(steps))
    assert error is None and seen == ["ended by the server", "ok"]
    assert stored(notes) == ["lead"]


def test_work_that_committed_before_its_connection_was_ended_is_not_done_again(notes):
    """Its first transaction is stored: doing the work again would store it twice; the client is answered 503."""

    def steps(stall: bool) -> None:
        with db.write_session() as session:
            session.execute(text(f"INSERT INTO {notes} VALUES ('lead')"))
            session.commit()
        with db.session() as session:
            session.execute(text(f"SELECT count(*) FROM {notes}"))
            if stall:
                time.sleep(STALL)
            session.execute(text(f"SELECT count(*) FROM {notes}"))

    seen, error = submitted(stalling_once(steps))
    assert isinstance(error, DBAPIError) and seen == ["ended by the server"]
    assert stored(notes) == ["lead"]
