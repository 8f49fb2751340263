"""A booking's mails, added to the outbox in the transaction that books, moves or cancels the demo.

Visitor and host each get the invitation (``invitation``) as text/calendar; the visitor's mail is in
the lead's language with the time in their zone and the link to their booking page, the host's in
English (the staff language) with the time in the host's zone. Reminders wait in the outbox as queued
rows due 24 h and 1 h before the demo; a move or cancellation withdraws them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from sqlalchemy import update
from sqlmodel import Session

from marketing_site.booking.invitation import CANCEL, REQUEST, invitation
from marketing_site.booking.tokens import manage_url
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import describe
from marketing_site.content.messages import message
from marketing_site.languages import BY_CODE, DEFAULT
from marketing_site.mail.compose import STAFF_LANGUAGE, lead_link, new_message_id
from marketing_site.mail.models import OutboxMail
from marketing_site.mail.outbox import HELD, QUEUED, WITHDRAWN

BOOKED, MOVED, CANCELLED = "booked", "moved", "cancelled"
VISITOR, HOST, REMINDER = "visitor", "host", "reminder"  # outbox audiences
REMINDERS_BEFORE = (timedelta(hours=24), timedelta(hours=1))

_templates = Environment(
    loader=PackageLoader("marketing_site.booking"),
    autoescape=select_autoescape(["html"]),
    undefined=StrictUndefined,
    keep_trailing_newline=True,
)


def queue_invitations(db_session: Session, booking: BookingView, change: str, held: bool = False) -> None:
    """The visitor's and the host's mail about ``change`` (booked, moved, cancelled), each with the invitation."""
    method = CANCEL if change == CANCELLED else REQUEST
    calendar = {"calendar_body": invitation(booking, method), "calendar_method": method}
    status = HELD if held else QUEUED
    language = BY_CODE.get(booking.language, DEFAULT)
    when = describe(*booking.for_visitor(), language.code)
    visitor = _render(
        "visitor",
        language=language,
        greeting=message("mail.greeting", language.code, name=booking.visitor_name),
        news=message(f"booking.mail.{change}", language.code, host=booking.host_name, when=when),
        invitation=message("booking.mail.invitation", language.code),
        manage=message("booking.mail.manage", language.code) if change != CANCELLED else "",
        link=manage_url(booking.id) if change != CANCELLED else "",
    )
    db_session.add(
        OutboxMail(
            lead_id=booking.lead_id,
            booking_id=booking.id,
            audience=VISITOR,
            status=status,
            recipient=booking.visitor_email,
            message_id=new_message_id(),
            subject=_one_line(message(f"booking.mail.subject.{change}", language.code, when=when)),
            **visitor,
            **calendar,
        )
    )
    host_when = describe(*booking.in_zone(booking.host_time_zone), STAFF_LANGUAGE)
    host = _render("host", change=change, when=host_when, booking=booking, link=lead_link(booking.lead_id))
    db_session.add(
        OutboxMail(
            lead_id=booking.lead_id,
            booking_id=booking.id,
            audience=HOST,
            status=status,
            recipient=booking.host_email,
            message_id=new_message_id(),
            subject=_one_line(f"Demo {change}: {booking.visitor_name}, {host_when}"),
            **host,
            **calendar,
        )
    )


def queue_reminders(db_session: Session, booking: BookingView, now: datetime, held: bool = False) -> None:
    """The visitor's reminders, due 24 h and 1 h before the demo; one whose time has passed is not queued."""
    language = BY_CODE.get(booking.language, DEFAULT)
    when = describe(*booking.for_visitor(), language.code)
    for before in REMINDERS_BEFORE:
        due = booking.starts_at - before
        if due <= now:
            continue
        body = _render(
            "reminder",
            language=language,
            greeting=message("mail.greeting", language.code, name=booking.visitor_name),
            news=message("booking.mail.reminder", language.code, host=booking.host_name, when=when),
            manage=message("booking.mail.manage", language.code),
            link=manage_url(booking.id),
        )
        db_session.add(
            OutboxMail(
                lead_id=booking.lead_id,
                booking_id=booking.id,
                audience=REMINDER,
                status=HELD if held else QUEUED,
                recipient=booking.visitor_email,
                message_id=new_message_id(),
                next_attempt_at=due,
                subject=_one_line(message("booking.mail.subject.reminder", language.code, when=when)),
                **body,
            )
        )


def withdraw_reminders(db_session: Session, booking_id: int) -> None:
    """Reminders not yet sent of a demo that moved or was cancelled never go out."""
    db_session.execute(
        update(OutboxMail)
        .where(
            OutboxMail.booking_id == booking_id, OutboxMail.audience == REMINDER, OutboxMail.status.in_((QUEUED, HELD))
        )
        .values(status=WITHDRAWN)
    )


def _render(template: str, **values) -> dict[str, str]:
    return {
        "text_body": _templates.get_template(f"mail_{template}.txt").render(**values),
        "html_body": _templates.get_template(f"mail_{template}.html").render(**values),
    }


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]
