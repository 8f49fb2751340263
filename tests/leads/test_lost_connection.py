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
from functools import partial

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import select

from marketing_site.core import db, metrics, rate_limit
from marketing_site.leads import antispam, service
from marketing_site.leads.errors import LeadRejected
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from tests.leads.group_line import queued_behind_a_writer
from tests.leads.lead_payloads import VALID
from tests.stored_leads import leads_for

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


def refusals(kind: str) -> dict[str, float]:
    """leads_refused_total of ``kind`` by reason, as a scrape would read it."""
    samples = metrics.LEADS_REFUSED.collect()[0].samples
    return {s.labels["reason"]: s.value for s in samples if s.name.endswith("_total") and s.labels["kind"] == kind}


def test_a_lead_done_again_takes_one_turn_of_the_rate_limit_and_is_no_refusal(notes):
    """A visitor with two submissions a minute sends one; its first attempt loses its connection (the worker
    stalled after the lead's INSERT). The lead is stored once, the visitor may still send a second one, and
    leads_refused_total does not count the lost attempt as refused by the database."""
    stalled: list[str] = []

    def stall_once(*_args) -> None:
        """At the lead's next trip after its INSERT: a statement, or the COMMIT its last rows leave with."""
        if stalled == ["lead inserted"]:
            stalled.append("stalled")
            time.sleep(STALL)

    def stall_after_the_lead_insert(_connection, _cursor, statement, *_args) -> None:
        if statement.startswith("INSERT INTO lead ") and not stalled:
            stalled.append("lead inserted")
        else:
            stall_once()

    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=2))
    email = f"stalled-{uuid.uuid4().hex[:8]}@school.edu"
    context = SubmissionContext(client_id="visitor-on-a-busy-server")
    before = refusals("ProductVideo")
    event.listen(db.get_engine(), "before_cursor_execute", stall_after_the_lead_insert)
    event.listen(db.get_engine(), "commit", stall_once)
    try:
        lead_id = asyncio.run(
            db.run_bounded(
                service.lead_submit, LeadKind.PRODUCT_VIDEO, {**VALID["ProductVideo"], "email": email}, context
            )
        )
    finally:
        event.remove(db.get_engine(), "before_cursor_execute", stall_after_the_lead_insert)
        event.remove(db.get_engine(), "commit", stall_once)
    assert stalled == ["lead inserted", "stalled"]
    with db.session() as session:
        assert list(session.exec(select(Lead.id).where(Lead.email == email))) == [lead_id]
    assert refusals("ProductVideo") == before
    second = {**VALID["ProductVideo"], "email": f"second-{email}"}
    assert asyncio.run(db.run_bounded(service.lead_submit, LeadKind.PRODUCT_VIDEO, second, context)) > lead_id
    with pytest.raises(LeadRejected):  # the third is one too many: each submission took one turn
        service.lead_submit(LeadKind.PRODUCT_VIDEO, {**second, "email": f"third-{email}"}, context)


def _submitted_as_a_group(
    emails: list[str], at_its_commit: Callable[[object], None]
) -> tuple[list[int | DBAPIError], int]:
    """Each e-mail's lead submitted through run_bounded from a thread of its own, queued behind a group being
    written so the leads are written together as the next group, whose COMMIT runs ``at_its_commit`` once:
    each submission's lead id or error, and how many lead INSERTs were sent meanwhile."""
    inserts: list[str] = []
    committed: list[None] = []

    def counted(_connection, _cursor, statement, *_args) -> None:
        if statement.startswith("INSERT INTO lead "):
            inserts.append(statement)

    def at_the_group_commit(connection) -> None:
        if not committed and len(inserts) == len(emails):
            committed.append(None)
            at_its_commit(connection)

    def submit(email: str) -> int | DBAPIError:
        payload, context = {**VALID["ProductVideo"], "email": email}, SubmissionContext(client_id=email)
        try:
            return asyncio.run(db.run_bounded(service.lead_submit, LeadKind.PRODUCT_VIDEO, payload, context))
        except DBAPIError as refused:
            return refused

    engine = db.get_engine()
    event.listen(engine, "before_cursor_execute", counted)
    event.listen(engine, "commit", at_the_group_commit)
    try:
        with queued_behind_a_writer() as start:
            answers = [start(partial(submit, email)) for email in emails]
        results = [answer.result(timeout=30) for answer in answers]
    finally:
        event.remove(engine, "before_cursor_execute", counted)
        event.remove(engine, "commit", at_the_group_commit)
    assert committed, "the leads were not written as one group"
    return results, len(inserts)


def _stored_ids(emails: list[str]) -> list[list[int]]:
    return [[lead.id for lead in leads_for(email, LeadKind.PRODUCT_VIDEO)] for email in emails]


def test_a_group_whose_commit_was_lost_is_done_again_for_none_of_its_leads(notes, database_url):
    """The group's connection is ended as its COMMIT leaves (the server may have applied it, for all the
    client can tell): each lead's submission is answered with the error, none is written again by a thread that
    did not send that COMMIT itself, so none can be stored twice. (Here the server had not applied it.)"""
    emails = [f"group-lost-{n}-{uuid.uuid4().hex[:8]}@school.edu" for n in range(3)]
    killer = create_engine(database_url)

    def end_the_connection(connection) -> None:
        pid = connection.connection.dbapi_connection.info.backend_pid
        with killer.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            alive = text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid")
            for _ in range(100):  # until it is gone, so the COMMIT finds no server
                if other.execute(alive, {"pid": pid}).scalar() == 0:
                    break
                time.sleep(0.02)

    try:
        answers, inserted = _submitted_as_a_group(emails, end_the_connection)
    finally:
        killer.dispose()
    assert all(isinstance(answer, DBAPIError) and answer.connection_invalidated for answer in answers)
    assert inserted == len(emails)  # written once, in the group, and never again
    assert _stored_ids(emails) == [[], [], []]


def test_a_group_the_server_ended_idle_before_its_commit_is_done_again_and_each_lead_stored_once(notes):
    """The group's thread stalls before its COMMIT longer than the idle limit: the server ended the
    transaction, so nothing was stored and each lead is written again, and stored once."""
    emails = [f"group-idle-{n}-{uuid.uuid4().hex[:8]}@school.edu" for n in range(3)]
    answers, inserted = _submitted_as_a_group(emails, lambda _connection: time.sleep(STALL))
    assert all(isinstance(answer, int) for answer in answers)
    assert inserted == 2 * len(emails)  # the group's, then each one's again
    assert _stored_ids(emails) == [[answer] for answer in answers]
