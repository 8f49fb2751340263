"""What a demo's outcome does to its lead, and when the held demo's follow-up stops: the lead's transitions
of issue 34, in one place of the lead domain (issue 30 gathers the others here). Each runs in its caller's
transaction, with its audit entry and webhook.

- The host marks the demo (``booking.outcomes``): the lead moves to "demo held" or "demo no-show", unless it
  is won or lost already (a closed lead keeps its status); audited and told to the CRM like any status change.
- A held demo's recap to the visitor waits for their next working morning (``booking.outcome_mails``). Staff
  taking the lead on first withdraw it: moving it to won, lost or contacted, or logging a call (a mail staff
  write themselves leaves no trace here; "contacted" is how they say so).
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import Session, col

from marketing_site.leads import events
from marketing_site.leads.models import Lead
from marketing_site.leads.statuses import LeadStatus
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.staff.audit import audit

CLOSED = frozenset({LeadStatus.WON, LeadStatus.LOST})
OUTCOMES = frozenset({LeadStatus.DEMO_HELD, LeadStatus.DEMO_NO_SHOW})
ENDS_FOLLOW_UP = frozenset({LeadStatus.WON, LeadStatus.LOST, LeadStatus.CONTACTED})
FOLLOW_UP_WITHDRAWN = "follow-up withdrawn"  # the audit entry's action; its detail says why


def demo_outcome(db_session: Session, lead: Lead, status: LeadStatus, actor_id: int | None) -> None:
    """The lead of a demo just marked (``status`` one of OUTCOMES) moves there, unless it is closed."""
    if status not in OUTCOMES:
        raise ValueError(f"{status} is not a demo's outcome")
    previous = lead.status
    if previous in CLOSED or previous == status:
        return
    audit(db_session, actor_id, "status", lead.id, f"{previous} -> {status}")
    lead.status = status
    db_session.add(lead)
    if not lead.quarantined:
        events.status_changed(db_session, lead, previous, status)


def status_moved(db_session: Session, lead_id: int, status: str, actor_id: int | None) -> None:
    """Staff moved the lead: to won, lost or contacted, the held demo's follow-up is theirs now."""
    if status in ENDS_FOLLOW_UP:
        follow_up_withdraw(db_session, lead_id, actor_id, f"status {status}")


def visitor_called(db_session: Session, lead_id: int, actor_id: int | None) -> None:
    """Staff logged a call: they reached the visitor before the recap did."""
    follow_up_withdraw(db_session, lead_id, actor_id, "call")


def follow_up_withdraw(db_session: Session, lead_id: int, actor_id: int | None, why: str) -> bool:
    """Withdraw the recap no sender has tried yet (one tried may have been delivered); audited when there was
    one. True if it was withdrawn."""
    withdrawn = db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.lead_id) == lead_id,
            col(OutboxMail.audience) == Audience.RECAP,
            col(OutboxMail.status).in_((OutboxStatus.QUEUED, OutboxStatus.HELD)),
            col(OutboxMail.attempts) == 0,
        )
        .values(status=OutboxStatus.WITHDRAWN)
        .returning(col(OutboxMail.id))
    ).all()
    if withdrawn:
        audit(db_session, actor_id, FOLLOW_UP_WITHDRAWN, lead_id, why)
    return bool(withdrawn)
