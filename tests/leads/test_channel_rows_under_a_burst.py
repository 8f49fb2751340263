"""Every lead of a quarter hour adds to the same channel-report rows (``leads/tallies``). A lead's transaction
writes them only as its last statement, sent with its COMMIT (``core.commit_trip``), so a burst of leads on
PostgreSQL does not queue behind the row lock of one still being written (which ran past the lock limit and
refused leads with 503 under ``make bench-load``'s 50 clients)."""

from __future__ import annotations

import dataclasses
import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from leads.lead_payloads import VALID
from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import select

from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.leads import service
from marketing_site.leads.models import Lead, Touch
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from marketing_site.leads.tallies.counting import quarter_of
from marketing_site.leads.tallies.models import ChannelTally, Grain

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="row locks: PostgreSQL")

CONTEXT = SubmissionContext(client_id="a-school-fair")
FINISHES_WITHIN = 20  # seconds, for a lead that waits on nothing (a loaded machine included); held up, it waits
#                       for the lock limit (30 s in the tests' process, tests/conftest.py) and fails


def product_video() -> dict[str, str]:
    return {**VALID["ProductVideo"], "email": f"fair-{uuid.uuid4().hex[:8]}@school.edu"}


def leads_counted() -> int:
    """The ProductVideo leads of this quarter hour, without touches, in the channel report's rows."""
    with db.session() as session:
        rows = session.exec(
            select(ChannelTally.leads).where(
                ChannelTally.grain == Grain.QUARTER,
                ChannelTally.kind == LeadKind.PRODUCT_VIDEO.value,
                ChannelTally.touch == Touch.FIRST,
                ChannelTally.starts_at == quarter_of(utc_now()),
            )
        ).all()
    return sum(rows)


def test_a_lead_still_being_written_holds_up_no_other_lead_and_both_count_once():
    before = leads_counted()
    first = service.lead_prepare(LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)
    assert not isinstance(first, int)
    with db.write_session() as open_session, ThreadPoolExecutor(1) as pool:
        written = service.lead_write(open_session, first)  # its transaction stays open, its rows added
        second = pool.submit(service.lead_submit, LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)
        assert second.result(timeout=FINISHES_WITHIN) > written.id  # stored while the first is still open
        open_session.commit()
    assert leads_counted() == before + 2


def test_a_lead_whose_count_row_another_holds_is_refused_at_the_idle_limit_and_stores_nothing(database_url):
    """Sent with the COMMIT, the increment waits for its row no longer than the idle-in-transaction limit: a
    COMMIT sent with that much time left lands before the deadline or never (``db.BoundedSession``)."""
    limits = dataclasses.replace(
        db.limits(), statement_timeout=30.0, idle_in_transaction_timeout=0.75, submit_timeout=6.0
    )
    service.lead_submit(LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)  # this quarter's row exists
    counted = leads_counted()
    holder = create_engine(database_url)
    db.configure_engine(database_url, limits)
    try:
        with holder.connect() as other:
            other.execute(
                text("SELECT leads FROM channel_tally WHERE grain = :grain AND starts_at = :start FOR UPDATE"),
                {"grain": Grain.QUARTER.value, "start": quarter_of(utc_now())},
            )
            late = product_video()
            began = time.monotonic()
            with pytest.raises(SQLAlchemyError) as refused:
                service.lead_submit(LeadKind.PRODUCT_VIDEO, late, CONTEXT)
            waited = time.monotonic() - began
            other.rollback()
        assert getattr(refused.value.orig, "sqlstate", None) in {"55P03", "57014"}  # lock or statement limit
        assert 0.7 < waited < 3.0  # the idle limit's 0.75 s, not the deadline's 6 or the statement limit's 30
        with db.session() as session:
            assert not session.exec(select(Lead.id).where(Lead.email == late["email"])).all()
        assert leads_counted() == counted
    finally:
        holder.dispose()
        db.configure_engine(database_url)
