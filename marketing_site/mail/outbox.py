"""The outbox's database side: claim due mails atomically (``core.outbox_claim``, shared with the webhooks'),
record each outcome, requeue on request. Rows are written by ``mail.queue`` only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import case, text, update
from sqlmodel import Session, col

from marketing_site.core import db, outbox_claim
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length
from marketing_site.mail.models import CLAIM_ORDER, OutboxMail, OutboxStatus
from marketing_site.settings import settings

CLAIM_BATCH = 32  # one pass (``sender``): the mails of a burst of leads, the owners' first, over a few connections
LEASE_MARGIN_SECONDS = 30.0


@dataclass(frozen=True)
class ClaimedMail:
    id: int
    recipient: str
    subject: str
    text_body: str
    html_body: str
    message_id: str
    attempts: int
    calendar_body: str = ""  # a demo's invitation (text/calendar), or ""
    calendar_method: str = ""  # REQUEST or CANCEL
    lead_id: int | None = None  # the lead it is about (None: a staff account's own mail)


def lease() -> timedelta:
    """Long enough for a batch, whose mails are sent at once, each within the SMTP time-out."""
    return timedelta(seconds=settings.smtp_timeout_seconds + LEASE_MARGIN_SECONDS)


def claim_due(limit: int = CLAIM_BATCH) -> list[ClaimedMail]:
    now = utc_now()
    waiting = outbox_claim.due(OutboxMail, OutboxStatus.QUEUED, now).order_by(text(CLAIM_ORDER), col(OutboxMail.id))
    claim = outbox_claim.claim(
        OutboxMail,
        waiting,
        now,
        lease(),
        limit,
        col(OutboxMail.id),
        col(OutboxMail.recipient),
        col(OutboxMail.subject),
        col(OutboxMail.text_body),
        col(OutboxMail.html_body),
        col(OutboxMail.message_id),
        col(OutboxMail.attempts),
        col(OutboxMail.calendar_body),
        col(OutboxMail.calendar_method),
        col(OutboxMail.lead_id),
    )
    with db.write_session() as db_session:
        rows = db_session.execute(claim).all()
        db_session.commit()
    return sorted((ClaimedMail(*row) for row in rows), key=lambda mail: mail.id)


def record(outcomes: list[tuple[ClaimedMail, str | None]]) -> None:
    """A batch's outcomes in one transaction: each mail sent (error None), or tried again later with exponential
    back-off, or given up (dead) after MAIL_MAX_ATTEMPTS tries."""
    now = utc_now()
    changes = [(mail.id, _sent(now) if error is None else _failed(mail, error, now)) for mail, error in outcomes]
    with db.write_session() as db_session:
        outbox_claim.record(db_session, OutboxMail, OutboxStatus.QUEUED, changes)
        db_session.commit()


def _sent(now: datetime) -> dict[str, Any]:
    return {"status": OutboxStatus.SENT, "sent_at": now, "last_error": ""}


def _failed(mail: ClaimedMail, error: str, now: datetime) -> dict[str, Any]:
    if mail.attempts >= settings.mail_max_attempts:
        return {"status": OutboxStatus.DEAD, "last_error": _fitted_error(error)}
    wait = timedelta(seconds=settings.mail_retry_seconds * 2 ** (mail.attempts - 1))
    return {"next_attempt_at": now + wait, "last_error": _fitted_error(error)}


def _fitted_error(error: str) -> str:
    return error[: max_length(OutboxMail, "last_error")]


def requeue(db_session: Session, mail_id: int) -> bool:
    """Send a mail again now (staff's "resend"), keeping its Message-ID; False if it is not the lead's to resend."""
    result = db_session.exec(
        update(OutboxMail)
        .where(col(OutboxMail.id) == mail_id, col(OutboxMail.status) != OutboxStatus.HELD)
        .values(status=OutboxStatus.QUEUED, attempts=0, next_attempt_at=utc_now(), last_error="")
    )
    return result.rowcount == 1


def release_held(db_session: Session, lead_id: int) -> None:
    """Send a released lead's mails now; a demo reminder still waits for its own time."""
    now = utc_now()
    db_session.execute(
        update(OutboxMail)
        .where(col(OutboxMail.lead_id) == lead_id, col(OutboxMail.status) == OutboxStatus.HELD)
        .values(
            status=OutboxStatus.QUEUED,
            next_attempt_at=case((col(OutboxMail.next_attempt_at) > now, OutboxMail.next_attempt_at), else_=now),
        )
    )
