"""On PostgreSQL a lead's write-only rows (its mails, audit entry, timers, webhook deliveries) wait for the
transaction's next trip to the server instead of taking one each (``core.commit_trip``): they must still be
read back by the transaction itself, stored with its COMMIT or not at all, dropped by a rollback (also to a
savepoint) and never carried into the next transaction on the same pooled connection."""

from __future__ import annotations

import dataclasses
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from leads.lead_payloads import VALID
from sqlalchemy import event, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketing_site.core import db
from marketing_site.leads import service
from marketing_site.leads.models import Lead
from marketing_site.leads.owners.routing_models import LeadTimer
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from marketing_site.mail.models import Audience, OutboxMail
from marketing_site.mail.queue import Mail, queue
from marketing_site.mail.render import MailBodies

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="trips to PostgreSQL")

BODIES = MailBodies(text_body="Hello", html_body="<p>Hello</p>")
CONTEXT = SubmissionContext(client_id="held")


@contextmanager
def statements_sent() -> Iterator[list[str]]:
    """The statements SQLAlchemy sends meanwhile, each a trip (``commit_trip``'s COMMIT message is not seen)."""
    sent: list[str] = []

    def note(_connection, _cursor, statement, *_):
        sent.append(statement)

    event.listen(db.get_engine(), "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(db.get_engine(), "before_cursor_execute", note)


def mail_to(recipient: str) -> Mail:
    return Mail(Audience.VISITOR, recipient, "Your request", BODIES)


def mails_to(recipient: str) -> int:
    with db.session() as session:
        return session.exec(select(func.count()).where(col(OutboxMail.recipient) == recipient)).one()


def address() -> str:
    return f"held-{uuid.uuid4().hex[:8]}@school.edu"


def product_video() -> dict[str, str]:
    return {**VALID["ProductVideo"], "email": address()}


def test_a_leads_mails_and_timers_leave_with_its_commit_not_in_trips_of_their_own():
    service.lead_submit(LeadKind.PRODUCT_VIDEO, product_video(), CONTEXT)  # the settings a lead reads, cached
    payload = product_video()
    prepared = service.lead_prepare(LeadKind.PRODUCT_VIDEO, payload, CONTEXT)
    assert not isinstance(prepared, int)
    with statements_sent() as sent, db.write_session() as session:
        service.lead_write(session, prepared)
        session.commit()
    assert any(statement.startswith("INSERT INTO lead ") for statement in sent)
    assert not [statement for statement in sent if "outbox_mail" in statement or "lead_timer" in statement]
    assert mails_to(payload["email"]) == 1  # the visitor's confirmation, stored with the lead
    with db.session() as session:
        lead_id = session.exec(select(Lead.id).where(col(Lead.email) == payload["email"])).one()
        assert session.exec(select(func.count()).where(col(LeadTimer.lead_id) == lead_id)).one() == 2


def test_the_transaction_reads_the_rows_it_holds_as_if_inserted_at_once():
    recipient = address()
    with db.write_session() as session:
        queue(session, mail_to(recipient), mail_to(recipient))
        seen = session.exec(select(func.count()).where(col(OutboxMail.recipient) == recipient)).one()
        assert seen == 2
        queue(session, mail_to(recipient))
        session.commit()
    assert mails_to(recipient) == 3


def test_a_rollback_drops_the_held_rows_and_the_pooled_connection_carries_none_into_the_next_transaction():
    dropped, kept = address(), address()
    with db.write_session() as session:
        queue(session, mail_to(dropped))
        session.rollback()
        queue(session, mail_to(kept))
        session.commit()
    with db.write_session() as session:  # no commit: closed, it rolls back; the connection goes back to the pool
        queue(session, mail_to(dropped))
    with db.write_session() as session:  # the same pooled connection, most likely: nothing of the last one
        queue(session, mail_to(kept))
        session.commit()
    assert (mails_to(dropped), mails_to(kept)) == (0, 2)


def test_rolling_back_to_a_savepoint_drops_the_rows_held_since_and_keeps_the_earlier_ones():
    before, inside = address(), address()
    with db.write_session() as session:
        queue(session, mail_to(before))
        savepoint = session.begin_nested()
        queue(session, mail_to(inside))
        savepoint.rollback()
        session.commit()
    assert (mails_to(before), mails_to(inside)) == (1, 0)


def test_a_held_row_the_database_refuses_fails_the_commit_and_stores_nothing_of_the_transaction():
    payload = product_video()
    prepared = service.lead_prepare(LeadKind.PRODUCT_VIDEO, payload, CONTEXT)
    assert not isinstance(prepared, int)
    with db.write_session() as session:
        lead = service.lead_write(session, prepared)
        queue(session, dataclasses.replace(mail_to(payload["email"]), lead_id=-1))  # no such lead: refused
        with pytest.raises(IntegrityError):
            session.commit()
    with db.session() as session:
        assert session.get(Lead, lead.id) is None
    assert mails_to(payload["email"]) == 0


def test_a_session_that_does_not_hand_rows_over_at_its_commit_inserts_them_at_once():
    recipient = address()
    with Session(db.get_engine()) as session, statements_sent() as sent:
        queue(session, mail_to(recipient))
        assert [statement for statement in sent if "outbox_mail" in statement]
        session.commit()
    assert mails_to(recipient) == 1
