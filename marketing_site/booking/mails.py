"""A booking's mails, added to the outbox in the transaction that books, moves or cancels the demo.

Visitor and host each get the invitation (``invitation``) as text/calendar; the visitor's mail is in
the lead's language with the time in their zone and the link to their booking page, the host's in
English (the staff language) with the time in the host's zone. Reminders wait in the outbox as queued
rows due 24 h and 1 h before the demo; a move or cancellation withdraws them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, col

from marketing_site.booking.invitation import CANCEL, REQUEST, invitation
from marketing_site.booking.models import BookingChange
from marketing_site.booking.tokens import manage_url
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import describe
from marketing_site.content.messages import message
from marketing_site.i18n.languages import BY_CODE, DEFAULT
from marketing_site.leads.mails import lead_link
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.render import STAFF_LANGUAGE, MailTemplates, new_message_id, subject_line

REMINDERS_BEFORE = (timedelta(hours=24), timedelta(hours=1))

_templates = MailTemplates("marketing_site.booking")


def queue_invitations(db_session: Session, booking: BookingView, change: BookingChange, held: bool = False) -> None:
    """The visitor's and the host's mail about ``change`` (booked, moved, cancelled), each with the invitation."""
    method = CANCEL if change is BookingChange.CANCELLED else REQUEST
    calendar_body = invitation(booking, method)
    status = OutboxStatus.HELD if held else OutboxStatus.QUEUED
    language = BY_CODE.get(booking.language, DEFAULT)
    when = describe(*booking.for_visitor(), language.code)
    visitor = _templates.render(
        "visitor",
        language=language,
        greeting=message("mail.greeting", language.code, name=booking.visitor_name),
        news=message(f"booking.mail.{change}", language.code, host=booking.host_name, when=when),
        invitation=message("booking.mail.invitation", language.code),
        manage=message("booking.mail.manage", language.code) if change is not BookingChange.CANCELLED else "",
        link=manage_url(booking.id) if change is not BookingChange.CANCELLED else "",
    )
    db_session.add(
        OutboxMail(
            lead_id=booking.lead_id,
            booking_id=booking.id,
            audience=Audience.VISITOR,
            status=status,
            recipient=booking.visitor_email,
            message_id=new_message_id(),
            subject=subject_line(message(f"booking.mail.subject.{change}", language.code, when=when)),
            **visitor,
            calendar_body=calendar_body,
            calendar_method=method,
        )
    )
    host_when = describe(*booking.in_zone(booking.host_time_zone), STAFF_LANGUAGE)
    host = _templates.render("host", change=change, when=host_when, booking=booking, link=lead_link(booking.lead_id))
    db_session.add(
        OutboxMail(
            lead_id=booking.lead_id,
            booking_id=booking.id,
            audience=Audience.HOST,
            status=status,
            recipient=booking.host_email,
            message_id=new_message_id(),
            subject=subject_line(f"Demo {change}: {booking.visitor_name}, {host_when}"),
            **host,
            calendar_body=calendar_body,
            calendar_method=method,
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
        body = _templates.render(
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
                audience=Audience.REMINDER,
                status=OutboxStatus.HELD if held else OutboxStatus.QUEUED,
                recipient=booking.visitor_email,
                message_id=new_message_id(),
                next_attempt_at=due,
                subject=subject_line(message("booking.mail.subject.reminder", language.code, when=when)),
                **body,
            )
        )


def withdraw_reminders(db_session: Session, booking_id: int) -> None:
    """Reminders not yet sent of a demo that moved or was cancelled never go out."""
    db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.booking_id) == booking_id,
            col(OutboxMail.audience) == Audience.REMINDER,
            col(OutboxMail.status).in_((OutboxStatus.QUEUED, OutboxStatus.HELD)),
        )
        .values(status=OutboxStatus.WITHDRAWN)
    )
