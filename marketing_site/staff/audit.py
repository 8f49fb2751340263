"""The audit log: one vocabulary of actions (``AuditAction``) and one codec for an entry's detail
(``AuditDetail``), used by every writer and by the reader that turns entries into sentences
(``admin/work/activity.py``). Every change staff (or the system: actor None) make is one row, without a visitor's
personal data. It sits with the table so the lead domain can audit an owner it assigns in the lead's transaction.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlmodel import Session

from marketing_site.core import commit_trip
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length, table_of
from marketing_site.staff.models import AuditEntry

AUDIT = table_of(AuditEntry)


class AuditAction(enum.StrEnum):
    """What an entry records (the stored value of ``AuditEntry.action``)."""

    # a lead's work (``leads.transitions``, ``leads.owners.routing``, the staff area)
    STATUS = "status"
    OWNER = "owner"
    ASSIGN = "assign"
    CALL = "call"
    NOTE = "note"
    UNREAD = "unread"
    RELEASE = "release"
    DELETE = "delete"
    RESEND = "resend"
    FOLLOW_UP_WITHDRAWN = "follow-up withdrawn"
    # a lead's demo (``booking.history``): "demo " and a BookingChange
    DEMO_BOOKED = "demo booked"
    DEMO_MOVED = "demo moved"
    DEMO_CANCELLED = "demo cancelled"
    DEMO_HELD = "demo held"
    DEMO_NO_SHOW = "demo no_show"
    # staff accounts and their sign-in
    ACCOUNT_INVITED = "account invited"
    LINK_SENT = "link sent"
    PASSWORD_SET = "password set"
    PASSWORD_CHANGED = "password changed"
    ROLE = "role"
    DISABLED = "disabled"
    ENABLED = "enabled"
    FACTORS_RESET = "factors reset"
    SESSIONS_ENDED = "sessions ended"
    FACTOR_ADDED = "factor added"
    FACTOR_REMOVED = "factor removed"
    RECOVERY_CODE_USED = "recovery code used"
    RECOVERY_CODES_MADE = "recovery codes made"
    TIME_ZONE = "time zone"
    # settings and the data as a whole
    WEBHOOK = "webhook"
    BOOKING_RULES = "booking rules"
    DEMO_HOST = "demo host"
    WORKING_HOURS = "working hours"
    DAY_OFF = "day off"
    LEAD_ROUTING = "lead routing"
    EXPORT = "export"
    ERASE = "erase"
    RETENTION = "retention"


ARROW = " -> "
BY = "; by "


@dataclass(frozen=True)
class AuditDetail:
    """An entry's detail as fields: a change from ``before`` to ``after`` (statuses, owners' ids or "nobody", a
    demo's instants in UTC ISO 8601), the ``rule`` that made it or which thing it was (routing's rule, a mail's
    audience) and ``by`` whom (a demo's: visitor, staff, link). Stored as ``before -> after (rule); by who``, the
    form every entry has had, so old rows read back as they were written."""

    before: str = ""
    after: str = ""
    rule: str = ""
    by: str = ""

    def __str__(self) -> str:
        text = f"{self.before}{ARROW}{self.after}" if self.before else self.after
        if self.rule:
            text = f"{text} ({self.rule})" if text else f"({self.rule})"
        return f"{text}{BY}{self.by}" if self.by else text

    @classmethod
    def read(cls, stored: str) -> AuditDetail:
        text, _, by = stored.partition(BY)
        rule = ""
        if text.endswith(")") and "(" in text:
            text, _, rule = text[:-1].rpartition("(")
            text = text.removesuffix(" ")
        before, arrow, after = text.partition(ARROW)
        return cls(before, after, rule, by) if arrow else cls("", before, rule, by)


def audit(
    db_session: Session,
    actor_id: int | None,
    action: AuditAction,
    lead_id: int | None = None,
    detail: AuditDetail | str = "",
) -> None:
    """Add an entry to the caller's transaction, so a change and its record commit together. ``detail``: the
    fields a reader needs (``AuditDetail``), or words for people (settings, accounts). A plain row, not an
    ORM object: every new lead with an owner writes one (``make bench-load``); on PostgreSQL it waits for the
    transaction's next trip (``core.commit_trip``)."""
    entry = {
        "created_at": utc_now(),
        "actor_id": actor_id,
        "action": action.value,
        "lead_id": lead_id,
        "detail": str(detail)[: max_length(AuditEntry, "detail")],
    }
    commit_trip.insert(db_session, AUDIT, [entry])
