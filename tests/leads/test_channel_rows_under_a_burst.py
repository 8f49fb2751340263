"""Every lead of a quarter hour adds to the same channel-report rows (``leads/tallies``). A lead's transaction
writes them only as its last statement, sent with its COMMIT in one message (``core.commit_trip``), so a burst of
leads on PostgreSQL does not queue behind the row lock of one still being written (which ran past the lock limit
and refused leads with 503 under ``make bench-load``'s 50 clients), nor behind a worker thread waiting for the
interpreter between the two."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from leads.lead_payloads import VALID
from sqlalchemy import create_engine, make_url, text
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


# Watches the quarter's row from a process of its own (the test's interpreter is the one kept busy): every 5 ms it
# tries the row's lock without waiting; prints the longest stretch, in ms, that another transaction held it.
WATCHER = """
import os, sys, time, psycopg
url, starts, stop = sys.argv[1], sys.argv[2], sys.argv[3]
longest, since = 0.0, None
with psycopg.connect(url, autocommit=True) as connection:
    print("watching", flush=True)
    while not os.path.exists(stop):
        try:
            with connection.transaction():
                connection.execute(
                    "SELECT 1 FROM channel_tally WHERE grain = 'quarter' AND touch = 'first' AND starts_at = %s"
                    " AND kind = 'ProductVideo' FOR UPDATE NOWAIT", (starts,))
            since = None
        except psycopg.errors.LockNotAvailable:
            now = time.monotonic()
            since = since or now
            longest = max(longest, now - since)
        time.sleep(0.005)
print(round(longest * 1000))
"""


def test_a_worker_kept_from_the_interpreter_at_its_commit_holds_up_no_other_lead(database_url, tmp_path):
    """The increment and its COMMIT reach the server as one message, so a worker thread that waits for the
    interpreter (dozens share it under load) after sending them holds the row no longer than the server's work.
    Sent in a pipeline, the increment arrived first and the row stayed locked until the thread got the interpreter
    back to send COMMIT: 300 ms here, 5 s and ten refused leads in the topology's failover test."""
    service.lead_submit(LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)  # this quarter's row exists
    stop = tmp_path / "stop"
    plain_url = make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)
    arguments = [sys.executable, "-c", WATCHER, plain_url, quarter_of(utc_now()).isoformat(), str(stop)]
    watcher = subprocess.Popen(arguments, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    try:
        assert watcher.stdout is not None and watcher.stdout.readline().strip() == "watching"
        submitted_while_the_interpreter_is_held()
    finally:
        stop.touch()
        answer = watcher.communicate(timeout=30)[0].strip()
    held_ms = int(answer)
    assert held_ms < 150, f"the row stayed locked {held_ms} ms while its worker waited for the interpreter"


def submitted_while_the_interpreter_is_held() -> None:
    """A lead stored while another thread of this process keeps the interpreter whenever it can get it."""
    busy, interval = threading.Event(), sys.getswitchinterval()

    def hold_the_interpreter() -> None:
        while not busy.is_set():
            pass

    holder = threading.Thread(target=hold_the_interpreter)
    sys.setswitchinterval(0.3)  # a thread that waited on the network gets the interpreter back after up to 300 ms
    holder.start()
    try:
        service.lead_submit(LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)
    finally:
        busy.set()
        holder.join()
        sys.setswitchinterval(interval)
