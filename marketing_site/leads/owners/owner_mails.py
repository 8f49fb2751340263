"""The mails of speed to lead: the owner's own notice of a new lead (with one-tap call and mail links), the
reminder of a lead still waiting, the previous owner's word that it went to someone else, and the admins'
escalation. Queued in the transaction that assigns the lead or fires its timer, like every outbox row."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from urllib.parse import quote

from sqlalchemy import func, select, update
from sqlmodel import Session, col

from marketing_site.content.messages import message
from marketing_site.core.columns import stored_id
from marketing_site.leads.mails import lead_link, staff_subject, summary
from marketing_site.leads.models import AnyLead, display_name
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.queue import Mail
from marketing_site.mail.queue import queue as outbox_queue
from marketing_site.mail.render import STAFF_LANGUAGE, MailBodies, MailTemplates
from marketing_site.staff.models import StaffUser

_templates = MailTemplates("marketing_site.leads")
WAITING = "Still waiting"  # the reminder's headline: its subject starts with it (the lead's page tells it apart)
HANDED_ON = "No longer yours"  # the headline telling a previous owner where their lead went


def contact_links(kind: str, email: str, phone_e164: str) -> dict[str, str]:
    """``tel:`` and ``mailto:`` addresses a phone opens with one tap (the number in E.164, no spaces)."""
    kind_label = message(f"mail.kind.{kind}", STAFF_LANGUAGE)
    return {
        "call": f"tel:{quote(phone_e164, safe='+')}" if phone_e164 else "",
        "write": f"mailto:{quote(email, safe='@')}?subject={quote(f'Your {kind_label}')}",
    }


def when(moment: datetime) -> str:
    """A local time as staff read it: "Tue 24 Nov 14:30 (Asia/Karachi)"."""
    return f"{moment.strftime('%a %d %b %H:%M')} ({moment.tzinfo})"


def queue_owner_mail(
    db_session: Session,
    lead: AnyLead,
    modules: Sequence[str],
    owner_email: str,
    answer_by: datetime | None,
    send_at: datetime | None = None,
) -> None:
    """The new owner's notice: the lead is theirs, answer by ``answer_by`` (their local time), call or write now.
    ``send_at``: it waits with the lead's other mails (a demo request whose visitor may still pick a time)."""
    body = _templates.render(
        "owner",
        **_about(lead),
        summary=summary(lead, modules),
        answer_by=when(answer_by) if answer_by else "",
        **contact_links(lead.kind, lead.email, lead.phone_e164),
    )
    headline = f"New {_kind_label(lead)} (yours)"
    _queue(db_session, lead, Audience.OWNER, [owner_email], staff_subject(lead, headline), body, send_at)


def queue_reminder(db_session: Session, lead: AnyLead, recipient: str, waiting_since: datetime) -> None:
    """The owner's (or, unassigned, the shared address's) reminder that the lead is still new."""
    body = _templates.render(
        "reminder",
        **_about(lead),
        since=when(waiting_since),
        **contact_links(lead.kind, lead.email, lead.phone_e164),
    )
    _queue(db_session, lead, Audience.OWNER, [recipient], staff_subject(lead, WAITING), body)


def queue_escalation(
    db_session: Session,
    lead: AnyLead,
    admins: Sequence[str],
    owner_email: str | None,
    waiting_since: datetime,
    reassigned_to: str | None,
) -> None:
    """The admins' notice that a lead waited past its second limit (and, if the rules say so, who has it now)."""
    body = _templates.render(
        "escalation",
        **_about(lead),
        since=when(waiting_since),
        owner=owner_email or "",
        reassigned_to=reassigned_to or "",
    )
    _queue(db_session, lead, Audience.ESCALATION, admins, staff_subject(lead, "Late lead"), body)


def tell_previous_owner(db_session: Session, lead: AnyLead, previous_id: int, new_owner: str, why: str) -> None:
    """A lead moved away from ``previous_id``: if they had been told it was theirs (their notice, or the booking's
    mail to them as its host, went or is going), they hear where it went, so nobody calls a lead that is no longer
    theirs. One who never heard of it is not mailed."""
    previous = db_session.get(StaffUser, previous_id)
    if previous is None or not _was_told(db_session, stored_id(lead), previous.email):
        return
    body = _templates.render(
        "handed_on",
        **_about(lead),
        new_owner=new_owner,
        why=why,
    )
    _queue(db_session, lead, Audience.OWNER, [previous.email], staff_subject(lead, HANDED_ON), body)


def _kind_label(lead: AnyLead) -> str:
    return message(f"mail.kind.{lead.kind}", STAFF_LANGUAGE)


def _about(lead: AnyLead) -> dict[str, str]:
    """What every staff mail about a lead names: its kind, the person, and the link to its page."""
    return {"kind_label": _kind_label(lead), "person": display_name(lead), "link": lead_link(stored_id(lead))}


def _was_told(db_session: Session, lead_id: int, email: str) -> bool:
    """Whether ``email`` got (or is getting) a mail saying the lead is theirs: an owner's notice or a host's."""
    told: int = db_session.execute(
        select(func.count())
        .select_from(OutboxMail)
        .where(
            col(OutboxMail.lead_id) == lead_id,
            col(OutboxMail.recipient) == email,
            col(OutboxMail.audience).in_((Audience.OWNER, Audience.HOST)),
            col(OutboxMail.status) != OutboxStatus.WITHDRAWN,
        )
    ).scalar_one()
    return told > 0


def withdraw_unsent_notice(db_session: Session, lead_id: int) -> None:
    """A previous owner's notice still waiting to leave (with a demo request's delayed mails) never goes."""
    db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.lead_id) == lead_id,
            col(OutboxMail.audience) == Audience.OWNER,
            col(OutboxMail.status) == OutboxStatus.QUEUED,
            col(OutboxMail.attempts) == 0,
        )
        .values(status=OutboxStatus.WITHDRAWN)
    )


def _queue(
    db_session: Session,
    lead: AnyLead,
    audience: Audience,
    recipients: Sequence[str],
    subject: str,
    body: MailBodies,
    send_at: datetime | None = None,
) -> None:
    outbox_queue(
        db_session,
        *(Mail(audience, recipient, subject, body, stored_id(lead), send_at=send_at) for recipient in recipients),
    )
