"""The one way into the outbox: a package describes each mail it wants sent (``Mail``) and ``queue`` writes the
rows in the caller's transaction, so a mail commits with the change it tells about, or not at all. Only
``mail/`` builds outbox rows (``tests/mail/test_outbox_writers.py``).

Plain rows, not ORM objects (building and flushing those cost more than rendering the mails, and every lead
pays it: ``make bench-load``), in one INSERT, or on PostgreSQL held for the transaction's next trip
(``core.commit_trip``). The sender is woken when the transaction commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from marketing_site.core import commit_trip, wakeup
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import table_of
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.render import MailBodies, new_message_id

OUTBOX = table_of(OutboxMail)


@dataclass(frozen=True)
class Mail:
    """A mail to send: its audience, recipient, subject and bodies, what it is about (a lead, a booking; none: a
    staff account's own), whether it is ``held`` (its lead is in quarantine) and when it may leave."""

    audience: Audience
    recipient: str
    subject: str
    bodies: MailBodies
    lead_id: int | None = None
    booking_id: int | None = None
    held: bool = False
    send_at: datetime | None = None  # None: at once
    calendar_body: str = ""  # a demo's invitation (text/calendar)
    calendar_method: str = ""  # its METHOD: REQUEST or CANCEL


def queue(db_session: Session, *mails: Mail) -> None:
    """Add ``mails`` to the caller's transaction, each with its own Message-ID."""
    if not mails:
        return
    now = utc_now()
    commit_trip.insert(
        db_session,
        OUTBOX,
        [
            {
                "lead_id": mail.lead_id,
                "booking_id": mail.booking_id,
                "audience": mail.audience,
                "recipient": mail.recipient,
                "subject": mail.subject,
                "status": OutboxStatus.HELD if mail.held else OutboxStatus.QUEUED,
                "message_id": new_message_id(),
                "next_attempt_at": mail.send_at or now,
                "calendar_body": mail.calendar_body,
                "calendar_method": mail.calendar_method,
                **mail.bodies,
            }
            for mail in mails
        ],
    )
    wakeup.on_commit(db_session)
