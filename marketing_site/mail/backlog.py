"""What the outbox holds right now, read for /metrics and /readyz: a stuck sender or dead mails show here
before anyone opens the staff area.

"Due" mails are queued with their next attempt in the past: a running sender claims them within seconds
(a claim moves the attempt a lease ahead), so the oldest one's wait is how far the sender lags.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlmodel import Session, col

from marketing_site.mail.models import OutboxMail, OutboxStatus


@dataclass(frozen=True)
class Backlog:
    due: int  # queued mails whose attempt is due
    oldest_due_seconds: float  # how long the longest-waiting due mail has waited (0: none due)
    dead: int  # mails that used up their retries
    held: int  # mails of quarantined leads, waiting for staff


def backlog(db_session: Session, now: datetime) -> Backlog:
    """Two small aggregates on the (status, next_attempt_at) index."""
    due, oldest_due_seconds = due_mails(db_session, now)
    per_status: dict[str, int] = dict(
        db_session.execute(
            select(col(OutboxMail.status), func.count())
            .where(col(OutboxMail.status).in_([OutboxStatus.DEAD, OutboxStatus.HELD]))
            .group_by(col(OutboxMail.status))
        ).all()
    )
    return Backlog(due, oldest_due_seconds, per_status.get(OutboxStatus.DEAD, 0), per_status.get(OutboxStatus.HELD, 0))


def due_mails(db_session: Session, now: datetime) -> tuple[int, float]:
    """How many mails are due, and how long the longest-waiting one has waited (seconds; 0 when none)."""
    count, oldest = db_session.execute(
        select(func.count(), func.min(col(OutboxMail.next_attempt_at))).where(
            col(OutboxMail.status) == OutboxStatus.QUEUED, col(OutboxMail.next_attempt_at) <= now
        )
    ).one()
    waited = (now - _aware(oldest, now)).total_seconds() if oldest is not None else 0.0
    return int(count), max(waited, 0.0)


def _aware(moment: datetime, now: datetime) -> datetime:
    """SQLite hands timestamps back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now.tzinfo)
