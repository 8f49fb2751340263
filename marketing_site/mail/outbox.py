"""The outbox's database side: claim due mails atomically, record each outcome, requeue on request.

A claim is one ``UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`` statement: on
PostgreSQL concurrent senders skip each other's rows; SQLite runs one writer at a time (the lock
clause is dropped there) and the single statement is atomic. The claim moves ``next_attempt_at`` a
lease ahead, so a sender that dies mid-send hands its rows back when the lease runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import case, select, update
from sqlmodel import Session, col

from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length
from marketing_site.mail.models import OutboxMail, OutboxStatus
from marketing_site.settings import settings

CLAIM_BATCH = 5


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


def lease() -> timedelta:
    """Long enough for a whole batch to be sent one by one, each within the SMTP time-out."""
    return timedelta(seconds=(CLAIM_BATCH + 1) * settings.smtp_timeout_seconds)


def claim_due(limit: int = CLAIM_BATCH) -> list[ClaimedMail]:
    now = utc_now()
    due = (
        select(col(OutboxMail.id))
        .where(col(OutboxMail.status) == OutboxStatus.QUEUED, col(OutboxMail.next_attempt_at) <= now)
        .order_by(col(OutboxMail.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    claim = (
        update(OutboxMail)
        .where(col(OutboxMail.id).in_(due.scalar_subquery()))
        .values(next_attempt_at=now + lease(), attempts=col(OutboxMail.attempts) + 1)
        .returning(
            col(OutboxMail.id),
            col(OutboxMail.recipient),
            col(OutboxMail.subject),
            col(OutboxMail.text_body),
            col(OutboxMail.html_body),
            col(OutboxMail.message_id),
            col(OutboxMail.attempts),
            col(OutboxMail.calendar_body),
            col(OutboxMail.calendar_method),
        )
    )
    with db.write_session() as db_session:
        rows = db_session.execute(claim).all()
        db_session.commit()
    return sorted((ClaimedMail(*row) for row in rows), key=lambda mail: mail.id)


def mark_sent(mail_id: int) -> None:
    _set(mail_id, status=OutboxStatus.SENT, sent_at=utc_now(), last_error="")


def mark_failed(mail: ClaimedMail, error: str) -> None:
    """Retry later with exponential back-off, or give up (dead) after MAIL_MAX_ATTEMPTS tries."""
    if mail.attempts >= settings.mail_max_attempts:
        _set(mail.id, status=OutboxStatus.DEAD, last_error=_fitted_error(error))
        return
    wait = timedelta(seconds=settings.mail_retry_seconds * 2 ** (mail.attempts - 1))
    _set(mail.id, next_attempt_at=utc_now() + wait, last_error=_fitted_error(error))


def _fitted_error(error: str) -> str:
    return error[: max_length(OutboxMail, "last_error")]


def _set(mail_id: int, **values: object) -> None:
    with db.write_session() as db_session:
        db_session.execute(
            update(OutboxMail)
            .where(col(OutboxMail.id) == mail_id, col(OutboxMail.status) == OutboxStatus.QUEUED)
            .values(**values)
        )
        db_session.commit()


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
