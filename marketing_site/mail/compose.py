"""Render a lead's two mails (staff summary with a link to the inbox, visitor confirmation) into outbox rows.

Called inside the lead's own transaction, so a committed lead always has its mails queued and a
rolled-back one has none. Templates are Jinja2 with autoescape on the HTML parts: whatever the
visitor typed is shown as text, never as markup.
"""

from __future__ import annotations

import uuid
from email.utils import parseaddr
from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from sqlalchemy import insert
from sqlmodel import Session

from marketing_site.content.messages import message
from marketing_site.languages import BY_CODE, DEFAULT
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail.models import OutboxMail
from marketing_site.settings import settings

STAFF, VISITOR = "staff", "visitor"
STAFF_LANGUAGE = DEFAULT.code  # the staff area and its mails are in English
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

OUTBOX = OutboxMail.__table__
# auto_reload off: templates change with a release, never under a running worker (spares a stat per mail).
_templates = Environment(
    loader=PackageLoader("marketing_site.mail"),
    autoescape=select_autoescape(["html"]),
    undefined=StrictUndefined,
    keep_trailing_newline=True,
    auto_reload=False,
)


def display_name(lead: Lead) -> str:
    return lead.full_name or " ".join(part for part in (lead.first_name, lead.last_name) if part)


def lead_link(lead_id: int) -> str:
    return f"{settings.staff_url}/leads/{lead_id}"


def queue_lead_mails(db_session: Session, lead: Lead, modules: tuple[str, ...] = ()) -> None:
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
    staff = _render("staff", kind_label=kind_label, summary=summary, link=lead_link(lead.id))
    visitor, visitor_subject = _visitor_mail(lead, name, careers)
    status = "held" if lead.quarantined else "queued"
    staff_subject = _one_line(f"New {kind_label}: {name}" + (f" ({lead.school})" if lead.school else ""))
    rows = [
        dict(
            audience=STAFF,
            recipient=settings.hr_email if careers else settings.sales_email,
            subject=staff_subject,
            **staff,
        ),
        dict(audience=VISITOR, recipient=lead.email, subject=visitor_subject, **visitor),
    ]
    # RETURNING makes it one multi-row INSERT rather than an executemany, which psycopg pipelines: the lead's
    # COMMIT could then leave while the server is still busy, outside the deadline's guarantee
    # (tests/faults/test_commit_after_deadline.py).
    db_session.execute(
        insert(OUTBOX).returning(OUTBOX.c.id),
        [dict(row, lead_id=lead.id, status=status, message_id=new_message_id()) for row in rows],
    )


def _visitor_mail(lead: Lead, name: str, careers: bool) -> tuple[dict[str, str], str]:
    """The confirmation in the language the visitor used (the lead's), right to left where it reads so."""
    language = BY_CODE.get(lead.language, DEFAULT)
    kind = message(f"mail.kind.{lead.kind}", language.code)
    body = _render(
        "visitor",
        language=language,
        greeting=message("mail.greeting", language.code, name=name),
        received=message("mail.received", language.code, kind=kind),
        next_step=message(f"mail.next_step.{'careers' if careers else 'sales'}", language.code),
    )
    return body, _one_line(message("mail.subject", language.code, kind=kind))


def new_message_id() -> str:
    """A Message-ID fixed when the row is written, so every attempt of one mail carries the same one."""
    return f"<{uuid.uuid4().hex}@{_domain_of(settings.mail_from)}>"


@cache
def _domain_of(address: str) -> str:
    """The sender's domain (parsing the address costs more than the rest of the Message-ID)."""
    return parseaddr(address)[1].rpartition("@")[2] or "localhost"


def _render(template: str, **values) -> dict[str, str]:
    return {
        "text_body": _templates.get_template(f"{template}.txt").render(**values),
        "html_body": _templates.get_template(f"{template}.html").render(**values),
    }


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]
