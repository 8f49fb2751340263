"""The audit log's writer: every change staff (or the system: actor None) make is one row, without a visitor's
personal data. It sits with the table so the lead domain can audit an owner it assigns in the lead's transaction."""

from __future__ import annotations

from sqlalchemy import insert
from sqlmodel import Session

from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length, table_of
from marketing_site.staff.models import AuditEntry

AUDIT = table_of(AuditEntry)


def audit(db_session: Session, actor_id: int | None, action: str, lead_id: int | None = None, detail: str = "") -> None:
    """Add an entry to the caller's transaction, so a change and its record commit together. A plain INSERT, not
    an ORM object: every new lead with an owner writes one (``make bench-load``)."""
    db_session.execute(
        insert(AUDIT),
        {
            "created_at": utc_now(),
            "actor_id": actor_id,
            "action": action,
            "lead_id": lead_id,
            "detail": detail[: max_length(AuditEntry, "detail")],
        },
    )
