"""The statuses a demo's outcome touches, and when the held demo's follow-up stops (the lead's moves themselves
are ``transitions``'s).

- The host marks the demo (``booking.outcomes``): the lead moves to "demo held" or "demo no-show", unless it
  is won or lost already (a closed lead keeps its status).
- A held demo's recap to the visitor waits for their next working morning (``booking.outcome_mails``). Staff
  taking the lead on first withdraw it: moving it to won, lost or contacted, or logging a call (a mail staff
  write themselves leaves no trace here; "contacted" is how they say so).
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import Session, col

from marketing_site.leads.statuses import LeadStatus
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.staff.audit import AuditAction, AuditDetail, audit

CLOSED = frozenset({LeadStatus.WON, LeadStatus.LOST})
OUTCOMES = frozenset({LeadStatus.DEMO_HELD, LeadStatus.DEMO_NO_SHOW})
ENDS_FOLLOW_UP = frozenset({LeadStatus.WON, LeadStatus.LOST, LeadStatus.CONTACTED})
CALLED = "call"  # the withdrawal's rule when staff logged a call (a status move names the status)


def follow_up_withdraw(db_session: Session, lead_id: int, actor_id: int | None, status: str | None) -> bool:
    """Withdraw the recap no sender has tried yet (one tried may have been delivered); audited, with the
    ``status`` staff moved the lead to (None: they logged a call), when there was one. True if it was withdrawn."""
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
        detail = AuditDetail(after=status) if status else AuditDetail(rule=CALLED)
        audit(db_session, actor_id, AuditAction.FOLLOW_UP_WITHDRAWN, lead_id, detail)
    return bool(withdrawn)
