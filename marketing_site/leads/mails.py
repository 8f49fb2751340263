"""A lead's mails to the shared address (a summary with a link to the inbox) and to the visitor (a
confirmation) as outbox rows; the owner's own mail is ``owner_mails``.

Called inside the lead's own transaction, so a committed lead always has its mails queued and a
rolled-back one has none. Templates are Jinja2 with autoescape on the HTML parts: whatever the
visitor typed is shown as text, never as markup.

A demo request may be followed by a booking (the site's slot picker, the link in the confirmation).
The booking package decides how the two mails go out (``RequestMails``): they may wait a few minutes,
and a booking made before they leave withdraws them and tells sales once, with the time
(``queue_booked_notice``, from ``transitions.demo_booked``); the visitor's one mail is then the booking's
confirmation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from marketing_site.content.messages import isolated_message, message
from marketing_site.core.clock import utc_now
from marketing_site.core.plain_text import without_bidi_controls
from marketing_site.i18n.bidi import isolate_foreign
from marketing_site.i18n.languages import BY_CODE, DEFAULT
from marketing_site.leads.labels import module_names
from marketing_site.leads.models import AnyLead, Lead, LeadModule, WrittenLead, display_name
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.queue import Mail
from marketing_site.mail.queue import queue as outbox_queue
from marketing_site.mail.render import STAFF_LANGUAGE, MailBodies, MailTemplates, subject_line
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
DEMO_KINDS = frozenset({LeadKind.SCHEDULE_DEMO.value, LeadKind.PRODUCT_DEMO.value})  # a time is what comes next

_templates = MailTemplates("marketing_site.leads")


@dataclass(frozen=True)
class RequestMails:
    """How a demo request's two mails go out; decided by the booking package, which knows the free times."""

    send_at: datetime | None = None  # they wait until then: a booking made meanwhile replaces them
    pick_link: Callable[[int], str] | None = None  # lead id -> the page where the visitor picks a free time


AT_ONCE = RequestMails()  # every lead but a demo request: the mails leave at once and offer no link


def lead_link(lead_id: int) -> str:
    return f"{settings.staff_url}/leads/{lead_id}"


def queue_lead_mails(
    db_session: Session,
    lead: WrittenLead,
    modules: tuple[str, ...] = (),
    plan: RequestMails = AT_ONCE,
    owner_email: str | None = None,
) -> None:
    """Add the shared-address and visitor mails of a flushed lead; held (not sent) while the lead is quarantined.

    The shared address (SALES_EMAIL / HR_EMAIL) gets its copy unless the lead has an owner (``owner_email``,
    who gets a mail of their own: ``owner_mails``) and LEAD_SHARED_COPY is off; a lead that nobody takes
    says so there."""
    kind_label = message(f"mail.kind.{lead.kind}", STAFF_LANGUAGE)
    pick_link = plan.pick_link(lead.id) if plan.pick_link else ""
    visitor, visitor_subject = _visitor_mail(lead, pick_link)
    due = plan.send_at or utc_now()
    visitor_mail = Mail(
        Audience.VISITOR, lead.email, visitor_subject, visitor, lead.id, held=lead.quarantined, send_at=due
    )
    if owner_email is not None and not settings.lead_shared_copy:
        outbox_queue(db_session, visitor_mail)
        return
    owner_note = (
        f"Its owner is {owner_email}."
        if owner_email
        else ""
        if lead.quarantined
        else "Nobody takes these leads, so it has no owner: open it and give it one"
        " (admins set who takes leads under Lead routing)."
    )
    news = f"A new {kind_label} arrived on the website."
    staff, staff_subject = _staff_mail(lead, lead.id, modules, f"New {kind_label}", news, owner_note=owner_note)
    shared = Mail(
        Audience.STAFF, shared_address(lead.kind), staff_subject, staff, lead.id, held=lead.quarantined, send_at=due
    )
    outbox_queue(db_session, shared, visitor_mail)


def shared_address(kind: str) -> str:
    """The team's shared address: HR_EMAIL for applications, SALES_EMAIL for the rest."""
    return settings.hr_email if kind == LeadKind.CAREERS.value else settings.sales_email


def withdraw_unsent(db_session: Session, lead_id: int) -> set[str]:
    """Withdraw the lead's own mails that no sender has tried yet (a booking replaces them); their audiences.

    A mail tried once may have been delivered, so it stays: the booking's mails then follow it, and say
    nothing it contradicts."""
    withdrawn = db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.lead_id) == lead_id,
            col(OutboxMail.booking_id).is_(None),
            col(OutboxMail.audience).in_((Audience.STAFF, Audience.VISITOR)),
            col(OutboxMail.status).in_((OutboxStatus.QUEUED, OutboxStatus.HELD)),
            col(OutboxMail.attempts) == 0,
        )
        .values(status=OutboxStatus.WITHDRAWN)
        .returning(col(OutboxMail.audience))
    )
    return set(withdrawn.scalars())


def queue_booked_notice(db_session: Session, lead_id: int, when: str, host: str, booking_id: int) -> None:
    """Sales hears of a booked demo once. The lead's own mails still unsent are withdrawn first: a booking made
    in the slot picker replaces the request's two mails, so the visitor gets one confirmation (the booking's)
    and sales one notice, "New demo booked"; "Demo booked" after a request they already had."""
    first = Audience.STAFF in withdraw_unsent(db_session, lead_id)
    lead = db_session.get_one(Lead, lead_id)
    modules = tuple(db_session.exec(select(LeadModule.module).where(col(LeadModule.lead_id) == lead_id)))
    news = f"A demo was booked on the website for {when} with {host}."
    headline = "New demo booked" if first else "Demo booked"
    staff, subject = _staff_mail(lead, lead_id, modules, headline, news, when)
    outbox_queue(
        db_session,
        Mail(Audience.STAFF, settings.sales_email, subject, staff, lead_id, booking_id, held=lead.quarantined),
    )


def summary(lead: AnyLead, modules: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The lead's fields staff read first, as (label, value) pairs (the empty ones left out)."""
    name = display_name(lead)
    rows = [
        (label, name if attribute == "display_name" else getattr(lead, attribute))
        for label, attribute in SUMMARY_FIELDS
    ]
    rows = [(label, value) for label, value in rows if value]
    if modules:
        rows.append(("Modules", ", ".join(module_names(modules))))
    if lead.resume_filename:
        rows.append(("Résumé", f"attached to the application ({lead.resume_filename}): download it from its page"))
    return rows


def staff_subject(lead: AnyLead, headline: str, when: str = "") -> str:
    """ "<headline>: name (school)[, when]", the visitor's text isolated, without the bidirectional controls
    they may have typed (an override, or a stray isolate mark, would break out of the isolate)."""
    name, school = without_bidi_controls(display_name(lead)), without_bidi_controls(lead.school or "")
    who = isolate_foreign(name, "ltr") + (f" ({isolate_foreign(school, 'ltr')})" if school else "")
    return subject_line(f"{headline}: {who}" + (f", {when}" if when else ""))


def _staff_mail(
    lead: AnyLead,
    lead_id: int,
    modules: Iterable[str],
    headline: str,
    news: str,
    when: str = "",
    owner_note: str = "",
) -> tuple[MailBodies, str]:
    """The staff summary (English, the staff language) and its subject."""
    body = _templates.render(
        "staff", news=news, owner_note=owner_note, summary=summary(lead, modules), link=lead_link(lead_id)
    )
    return body, staff_subject(lead, headline, when)


def _visitor_mail(lead: WrittenLead, pick_link: str) -> tuple[MailBodies, str]:
    """The confirmation in the language the visitor used (the lead's), right to left where it reads so."""
    language = BY_CODE.get(lead.language, DEFAULT)
    kind = message(f"mail.kind.{lead.kind}", language.code)
    next_step = "careers" if lead.kind == LeadKind.CAREERS.value else "demo" if lead.kind in DEMO_KINDS else "sales"
    body = _templates.render(
        "visitor",
        language=language,
        greeting=isolated_message("mail.greeting", language.code, name=display_name(lead)),
        received=isolated_message("mail.received", language.code, kind=kind),
        next_step=isolated_message(f"mail.next_step.{next_step}", language.code),
        pick=isolated_message("mail.pick_time", language.code) if pick_link else "",
        link=pick_link,
        signature=isolated_message("mail.signature", language.code),
    )
    return body, subject_line(isolated_message("mail.subject", language.code, kind=kind))
