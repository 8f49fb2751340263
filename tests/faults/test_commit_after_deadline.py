"""The server freezes with our COMMIT in flight: the submission is refused in time, and when the
server wakes long after the refusal, the transaction must not commit.

This is the one moment a client-side timeout cannot settle alone (the COMMIT is already in the
server's socket buffer). PostgreSQL's idle_in_transaction_session_timeout ends the transaction
before it reads that COMMIT, and ``db.BoundedSession`` sends COMMIT only while that timeout still
falls inside the deadline. The control case turns the server-side timeout off and shows the late
commit this would otherwise be: the test can tell the difference.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
import uuid

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import SQLAlchemyError

from marketing_site.core import db, rate_limit
from marketing_site.leads import antispam, service
from marketing_site.leads.schemas import LeadKind
from scripts.harness.build import tool_env
from scripts.harness.database import migrate

LIMITS = db.Limits(
    connect_timeout=2,
    pool_timeout=1.0,
    statement_timeout=1.0,
    idle_in_transaction_timeout=0.75,
    submit_timeout=2.0,
    pool_size=2,
    sqlite_synchronous="NORMAL",
)


@pytest.fixture
def lead_database(private_postgres, database_url):
    url = private_postgres.create_database(f"commit_{uuid.uuid4().hex[:8]}")
    migrate(tool_env({"DATABASE_URL": url}))
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    yield url
    antispam.use_rate_limiter(None)
    db.configure_engine(database_url)


def _submit_freezing_at_commit(url: str, limits: db.Limits, postgres) -> tuple[str, float, Exception | None]:
    engine = db.configure_engine(url, limits)
    event.listen(engine, "commit", lambda _connection: postgres.freeze())  # right before COMMIT is sent
    email = f"late-{uuid.uuid4().hex[:12]}@school.edu"
    lead = {"name": "Late Commit", "email": email, "contactNo": "+923001234567"}
    began, error = time.monotonic(), None
    try:
        asyncio.run(
            db.run_bounded(
                service.lead_submit, LeadKind.PRODUCT_VIDEO, lead, service.SubmissionContext(client_id="fault-test")
            )
        )
    except SQLAlchemyError as refused:
        error = refused
    finally:
        answered = time.monotonic() - began
        time.sleep(limits.idle_in_transaction_timeout + 1)  # the server stays frozen well past the refusal
        postgres.thaw()
    return email, answered, error


def _stored(url: str, email: str) -> int:
    time.sleep(1)  # give a woken server time to apply whatever it is going to apply
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM lead WHERE email = :e"), {"e": email}).scalar_one()
    finally:
        engine.dispose()


@pytest.mark.parametrize("server_idle_timeout", [True, False], ids=["with-idle-timeout", "control-without"])
def test_a_frozen_commit_is_refused_in_time_and_never_applied_later(
    lead_database, private_postgres, server_idle_timeout
):
    limits = LIMITS if server_idle_timeout else dataclasses.replace(LIMITS, idle_in_transaction_timeout=0)
    email, answered, error = _submit_freezing_at_commit(lead_database, limits, private_postgres)
    assert error is not None, "the submission was acknowledged although the server never answered its COMMIT"
    assert answered < LIMITS.submit_timeout + db.ANSWER_GRACE_SECONDS + 0.5
    assert _stored(lead_database, email) == (0 if server_idle_timeout else 1)
