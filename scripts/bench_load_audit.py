"""After a load run: compare what the clients were told was stored with what the database holds.

Every lead of a run carries an e-mail ``bench-<run id>-…``, so runs never mix. Leads answered as
stored must all be there, and no e-mail may be there twice; rows nobody was told about can only be
requests still in flight when the load stopped (at most one per client).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, col, select

from marketing_site.core import db
from marketing_site.leads.models import Lead
from marketing_site.mail.models import OutboxMail, OutboxStatus
from marketing_site.webhooks.models import DeliveryStatus, WebhookDelivery


@dataclass(frozen=True)
class Audit:
    acknowledged: int
    stored: int
    missing: int  # acknowledged but not in the database
    duplicated: int  # e-mails stored more than once
    unacknowledged: int  # stored without an answer: in flight when the load stopped
    in_flight_limit: int

    @property
    def ok(self) -> bool:
        return self.missing == 0 and self.duplicated == 0 and self.unacknowledged <= self.in_flight_limit


def audit(
    database_url: str,
    run_id: str,
    *,
    in_flight: int,
    acked_ids: list[int] | None = None,
    acked_emails: list[str] | None = None,
) -> Audit:
    engine = db.build_engine(database_url)
    try:
        with Session(engine) as session:
            rows = session.exec(select(Lead.id, Lead.email).where(Lead.email.startswith(f"bench-{run_id}-"))).all()
    finally:
        engine.dispose()
    stored_keys = {lead_id for lead_id, _ in rows} if acked_ids is not None else {email for _, email in rows}
    acked = set(acked_ids if acked_ids is not None else acked_emails or [])
    duplicated = sum(n - 1 for n in Counter(email for _, email in rows).values() if n > 1)
    return Audit(len(acked), len(rows), len(acked - stored_keys), duplicated, len(stored_keys - acked), in_flight)


def backlog(database_url: str) -> tuple[int, int]:
    """Mails and webhook deliveries still queued (production: what the senders have yet to deliver)."""
    engine = db.build_engine(database_url)
    try:
        with Session(engine) as session:
            mails = session.exec(select(func.count()).where(OutboxMail.status == OutboxStatus.QUEUED)).one()
            hooks = session.exec(select(func.count()).where(WebhookDelivery.status == DeliveryStatus.QUEUED)).one()
    finally:
        engine.dispose()
    return mails, hooks


def load_leads(database_url: str) -> int:
    """The leads every load run of a stack stored (warm-ups too): their e-mails start ``bench-``."""
    engine = db.build_engine(database_url)
    try:
        with Session(engine) as session:
            return session.exec(select(func.count()).where(col(Lead.email).startswith("bench-"))).one()
    finally:
        engine.dispose()
