"""The connection watchdog and the PostgreSQL engine's limits, against a link that stops answering.

A frozen server never answers and never closes, so only the watchdog (deadline.py) ends a call
waiting on it. These tests put tests/leads/frozen_link.py between the engine and the session's
PostgreSQL and check what a submission sees (a 503-worthy DatabaseTimeout in time) and what the
worker thread sees (its call cut at the deadline, not left hanging until the server wakes).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import suppress

import pytest
from frozen_link import FrozenLink
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from marketing_site.core import db

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="the watchdog guards PostgreSQL only")

LIMITS = db.Limits(
    connect_timeout=2,
    pool_timeout=1.0,
    statement_timeout=5.0,
    idle_in_transaction_timeout=0.5,
    submit_timeout=1.0,
    pool_size=2,
    sqlite_synchronous="NORMAL",
)
# How late a busy machine may wake a waiting thread past the deadline: a slack, not a promise. What these tests
# tell apart from a cut at the deadline waits for the statement timeout (5 s) or for the thaw, well past it.
LATE_WAKE = 1.0
ANSWERED_WITHIN = LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS + LATE_WAKE
CUT_MESSAGE = "Cut a database connection still waiting at its submission's deadline"


@pytest.fixture
def link(database_url) -> Iterator[FrozenLink]:
    """The session database behind a FrozenLink and an engine with LIMITS; the usual engine afterwards."""
    url = make_url(database_url)
    relay = FrozenLink(url.host or "127.0.0.1", url.port or 5432)
    db.configure_engine(url.set(host="127.0.0.1", port=relay.port).render_as_string(hide_password=False), LIMITS)
    yield relay
    relay.close()
    db.configure_engine(database_url)


class Call:
    """Runs `body` through db.run_bounded and records how the worker thread's own call ended."""

    def __init__(self, body: Callable[[], object]) -> None:
        self._body = body
        self.ended = threading.Event()
        self.error: BaseException | None = None
        self.began = self.ended_at = 0.0

    def _thread(self) -> object:
        try:
            return self._body()
        except BaseException as error:
            self.error = error
            raise
        finally:
            self.ended_at = time.monotonic()
            self.ended.set()

    def answer(self) -> object:
        self.began = time.monotonic()
        return asyncio.run(db.run_bounded(self._thread))

    def start(self) -> None:
        """`body` in a thread of its own, no deadline: for a wait that must end by its own limit."""
        self.began = time.monotonic()
        threading.Thread(target=self._quietly, daemon=True).start()

    def _quietly(self) -> None:
        with suppress(Exception):  # recorded in self.error
            self._thread()


def backend_pid() -> int:
    with db.session() as session:
        return session.execute(text("SELECT pg_backend_pid()")).scalar_one()


def freeze_mid_transaction(link: FrozenLink) -> Callable[[], object]:
    def body() -> object:
        with db.write_session() as session:
            session.execute(text("SELECT 1"))
            link.freeze()
            return session.execute(text("SELECT 2")).scalar_one()

    return body


def test_a_server_that_stops_answering_mid_transaction_is_cut_at_the_deadline(link, caplog):
    # A pooled connection, as a busy worker has: connecting afresh under load (the relay, the server's new
    # backend, authentication) took a stress run's thread past the deadline before its frozen statement, so
    # it was refused unsent (DatabaseTimeout) and there was nothing to cut.
    Call(backend_pid).answer()
    call = Call(freeze_mid_transaction(link))
    with caplog.at_level(logging.WARNING, logger="marketing_site.core.deadline"), pytest.raises(SQLAlchemyError):
        call.answer()  # the thread's own disconnect error, or DatabaseTimeout if it came later: both answer 503
    assert time.monotonic() - call.began < ANSWERED_WITHIN
    assert call.ended.wait(1), "the worker thread still waits on the frozen server"
    assert call.ended_at - call.began < LIMITS.submit_timeout + LATE_WAKE
    assert isinstance(call.error, OperationalError)  # a disconnect: the pool drops the connection
    assert [record.getMessage() for record in caplog.records] == [CUT_MESSAGE]
    link.thaw()
    assert Call(backend_pid).answer() > 0  # recovered without a restart


def test_a_pooled_connection_to_a_frozen_server_is_cut_at_checkout(link):
    """The checkout's ping waits on the frozen server under the watchdog too (SQLAlchemy's own would not)."""
    first = Call(backend_pid).answer()
    link.freeze()
    call = Call(backend_pid)
    with pytest.raises(SQLAlchemyError):
        call.answer()
    assert time.monotonic() - call.began < ANSWERED_WITHIN
    assert call.ended.wait(LIMITS.connect_timeout + 1), "the worker thread still waits on the frozen server"
    link.thaw()
    assert Call(backend_pid).answer() not in (first, 0)  # the cut connection was replaced


def test_a_new_connection_to_a_frozen_server_gives_up_after_the_connect_timeout(link):
    """No connection yet, so nothing to cut: libpq's connect_timeout ends the thread's wait."""
    link.freeze()
    call = Call(backend_pid)
    with pytest.raises(db.DatabaseTimeout):
        call.answer()
    assert time.monotonic() - call.began < ANSWERED_WITHIN
    assert call.ended.wait(LIMITS.connect_timeout + 1), "connecting to the frozen server never gave up"
    assert isinstance(call.error, OperationalError)


def test_a_connection_returned_in_time_is_not_cut_when_its_deadline_passes(link, caplog):
    with caplog.at_level(logging.WARNING, logger="marketing_site.core.deadline"):
        first = Call(backend_pid).answer()
        time.sleep(LIMITS.submit_timeout + 0.3)
        assert Call(backend_pid).answer() == first  # the same pooled connection, alive
    assert caplog.records == []


def test_one_watchdog_thread_serves_every_connection_of_the_process(link):
    for _ in range(3):
        Call(backend_pid).answer()
    threads = [thread for thread in threading.enumerate() if thread.name == "database-watchdog"]
    assert len(threads) == 1 and threads[0].daemon


def test_a_connection_the_server_ended_is_replaced_at_checkout(link, database_url):
    """A server restarted or a connection ended by the server since the last use: the ping notices, the
    pool connects afresh, and the submission goes through."""
    first = Call(backend_pid).answer()
    other = db.build_engine(database_url)
    with other.connect() as connection:
        assert connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first}).scalar_one()
    other.dispose()
    assert Call(backend_pid).answer() not in (first, 0)


def test_no_commit_is_sent_when_an_idle_transaction_could_outlive_the_deadline(link):
    """With less than idle_in_transaction_timeout (+ margin) left, COMMIT is not sent at all."""

    def body() -> None:
        with db.write_session() as session:
            session.execute(text("SELECT 1"))
            time.sleep(LIMITS.submit_timeout - LIMITS.idle_in_transaction_timeout - db.COMMIT_MARGIN_SECONDS + 0.05)
            session.commit()

    call = Call(body)
    with pytest.raises(db.DatabaseTimeout):
        call.answer()
    assert isinstance(call.error, db.DatabaseTimeout)


def test_a_full_pool_refuses_one_more_after_the_pool_timeout(link):
    engine = db.get_engine()
    held = [engine.connect() for _ in range(LIMITS.pool_size)]
    one_more = Call(lambda: engine.connect().close())
    try:
        one_more.start()
        assert one_more.ended.wait(LIMITS.pool_timeout + 0.5), "the checkout waits for good"
        assert isinstance(one_more.error, PoolTimeout)
        assert one_more.ended_at - one_more.began > LIMITS.pool_timeout - 0.1
    finally:
        for connection in held:
            connection.close()
