"""A lead's mails to the shared address (a summary with a link to the inbox) and to the visitor (a
confirmation) as outbox rows; the owner's own mail is ``owner_mails``.

Called inside the lead's own transaction, so a committed lead always has its mails queued and a
rolled-back one has none. Templates are Jinja2 with autoescape on the HTML parts: whatever the
visitor typed is shown as text, never as markup.
"""

from __future__ import annotations

from sqlalchemy import insert
from sqlmodel import Session

from marketing_site.content.messages import message
from marketing_site.core import wakeup
from marketing_site.core.columns import table_of
from marketing_site.i18n.languages import BY_CODE, DEFAULT
from marketing_site.leads.models import AnyLead, WrittenLead, display_name
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.render import STAFF_LANGUAGE, MailBodies, MailTemplates, new_message_id, subject_line
from marketing_site.settings import settings

SUMMARY_FIELDS = (
    ("Name", "display_name"),
    ("Email", "email"),
    ("Phone", "phone_raw"),
    ("School", "school"),
    ("Type of school", "school_type"),
    ("Job title", "job_title"),
    ("Country", "country"),
    ("City", "city"),
    ("Product", "product"),
    ("Position", "position"),
    ("Page", "source_page"),
)

OUTBOX = table_of(OutboxMail)
_templates = MailTemplates("marketing_site.leads")


def lead_link(lead_id: int) -> str:
    return f"{settings.staff_url}/leads/{lead_id}"


def summary(lead: AnyLead, modules: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The lead's fields staff read first, as (label, value) pairs (the empty ones left out)."""
    name = display_name(lead)
    rows = [
        (label, name if attribute == "display_name" else getattr(lead, attribute))
        for label, attribute in SUMMARY_FIELDS
    ]
    rows = [(label, value) for label, value in rows if value]
    if modules:
        rows.append(("Modules", ", ".join(modules)))
    return rows


def staff_subject(lead: AnyLead) -> str:
    kind_label = message(f"mail.kind.{lead.kind}", STAFF_LANGUAGE)
    return subject_line(f"New {kind_label}: {display_name(lead)}" + (f" ({lead.school})" if lead.school else ""))


def queue_lead_mails(
    db_session: Session, lead: WrittenLead, modules: tuple[str, ...] = (), owner_email: str | None = None
) -> None:
    """Add the shared-address and visitor mails of a flushed lead; held (not sent) while the lead is quarantined.

    The shared address (SALES_EMAIL / HR_EMAIL) gets its copy unless the lead has an owner (``owner_email``,
    who gets a mail of their own: ``owner_mails``) and LEAD_SHARED_COPY is off; a lead that nobody takes
    says so there. One INSERT of plain rows, not ORM objects: building and flushing those cost more than
    rendering the mails, and this runs for every lead (``make bench-load``)."""
    careers = lead.kind == LeadKind.CAREERS.value
    visitor, visitor_subject = _visitor_mail(lead, display_name(lead), careers)
    status = OutboxStatus.HELD if lead.quarantined else OutboxStatus.QUEUED
    rows: list[dict[str, object]] = [
        dict(audience=Audience.VISITOR, recipient=lead.email, subject=visitor_subject, **visitor)
    ]
    if owner_email is None or settings.lead_shared_copy:
        staff = _templates.render(
            "staff",
            kind_label=message(f"mail.kind.{lead.kind}", STAFF_LANGUAGE),
            summary=summary(lead, modules),
            link=lead_link(lead.id),
            owner=owner_email or "",
            unowned=owner_email is None and not lead.quarantined,
        )
        rows.insert(
            0, dict(audience=Audience.STAFF, recipient=shared_address(lead.kind), subject=staff_subject(lead), **staff)
        )
    # RETURNING makes it one multi-row INSERT rather than an executemany, which psycopg pipelines: the lead's
    # COMMIT could then leave while the server is still busy, outside the deadline's guarantee
    # (tests/faults/test_commit_after_deadline.py).
    db_session.execute(
        insert(OUTBOX).returning(OUTBOX.c.id),
        [dict(row, lead_id=lead.id, status=status, message_id=new_message_id()) for row in rows],
    )
    wakeup.on_commit(db_session)


def shared_address(kind: str) -> str:
    """The team's shared address: HR_EMAIL for applications, SALES_EMAIL for the rest."""
    return settings.hr_email if kind == LeadKind.CAREERS.value else settings.sales_email


def _visitor_mail(lead: WrittenLead, name: str, careers: bool) -> tuple[MailBodies, str]:
    """The confirmation in the language the visitor used (the lead's), right to left where it reads so."""
    language = BY_CODE.get(lead.language, DEFAULT)
    kind = message(f"mail.kind.{lead.kind}", language.code)
    body = _templates.render(
        "visitor",
        language=language,
        greeting=message("mail.greeting", language.code, name=name),
        received=message("mail.received", language.code, kind=kind),
        next_step=message(f"mail.next_step.{'careers' if careers else 'sales'}", language.code),
    )
    return body, subject_line(message("mail.subject", language.code, kind=kind))
