"""A lead's two mails (staff summary with a link to the inbox, visitor confirmation) as outbox rows.

Called inside the lead's own transaction, so a committed lead always has its mails queued and a
rolled-back one has none. Templates are Jinja2 with autoescape on the HTML parts: whatever the
visitor typed is shown as text, never as markup.
"""

from __future__ import annotations

from sqlalchemy import insert
from sqlmodel import Session

from marketing_site.content.messages import message
from marketing_site.core.columns import table_of
from marketing_site.i18n.languages import BY_CODE, DEFAULT
from marketing_site.leads.models import WrittenLead, display_name
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


def queue_lead_mails(db_session: Session, lead: WrittenLead, modules: tuple[str, ...] = ()) -> None:
    """Add the staff and visitor mails of a flushed lead; held (not sent) while the lead is quarantined.

    One INSERT of plain rows, not ORM objects: building and flushing those cost more than rendering
    the mails, and this runs for every lead (``make bench-load``)."""
    careers = lead.kind == LeadKind.CAREERS.value
    kind_label = message(f"mail.kind.{lead.kind}", STAFF_LANGUAGE)
    name = display_name(lead)
    summary = [
        (label, name if attribute == "display_name" else getattr(lead, attribute))
        for label, attribute in SUMMARY_FIELDS
    ]
    summary = [(label, value) for label, value in summary if value]
    if modules:
        summary.append(("Modules", ", ".join(modules)))
    staff = _templates.render("staff", kind_label=kind_label, summary=summary, link=lead_link(lead.id))
    visitor, visitor_subject = _visitor_mail(lead, name, careers)
    status = OutboxStatus.HELD if lead.quarantined else OutboxStatus.QUEUED
    staff_subject = subject_line(f"New {kind_label}: {name}" + (f" ({lead.school})" if lead.school else ""))
    rows: list[dict[str, object]] = [
        dict(
            audience=Audience.STAFF,
            recipient=settings.hr_email if careers else settings.sales_email,
            subject=staff_subject,
            **staff,
        ),
        dict(audience=Audience.VISITOR, recipient=lead.email, subject=visitor_subject, **visitor),
    ]
    # RETURNING makes it one multi-row INSERT rather than an executemany, which psycopg pipelines: the lead's
    # COMMIT could then leave while the server is still busy, outside the deadline's guarantee
    # (tests/faults/test_commit_after_deadline.py).
    db_session.execute(
        insert(OUTBOX).returning(OUTBOX.c.id),
        [dict(row, lead_id=lead.id, status=status, message_id=new_message_id()) for row in rows],
    )


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
