"""A booking's mails, added to the outbox in the transaction that books, moves or cancels the demo.

One mail per event and reader, each true to what happened. Visitor and host each get their own copy
of the invitation (``invitation``) as text/calendar: the visitor's in the lead's language with the
time in their zone, how to join and the link to their booking page (after a cancellation, the same
page offers free times to book again); the host's in English with the time in the host's zone and the
lead's link. Sales hears of a booking once (``leads.mails.queue_booked_notice``, from
``leads.transitions.demo_booked``). Reminders wait in
the outbox as queued rows due 24 h and 1 h before the demo, with the host's questions after it
(``outcome_mails``); a move or cancellation withdraws them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, col

from marketing_site.booking import outcome_mails
from marketing_site.booking.invitation import CANCEL, REQUEST, InvitationText, invitation
from marketing_site.booking.meeting import JoinBy, joining
from marketing_site.booking.models import BookingChange
from marketing_site.booking.tokens import manage_url
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import describe
from marketing_site.content.messages import isolated_message
from marketing_site.core.plain_text import without_bidi_controls
from marketing_site.i18n.languages import BY_CODE, DEFAULT, Language
from marketing_site.leads.mails import lead_link
from marketing_site.leads.owners.owner_mails import contact_links
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.queue import Mail
from marketing_site.mail.queue import queue as outbox_queue
from marketing_site.mail.render import STAFF_LANGUAGE, MailBodies, MailTemplates, subject_line

REMINDERS_BEFORE = (timedelta(hours=24), timedelta(hours=1))
# A cancellation by the vendor (staff): its subject, its news and its offer of another time apologise.
_BY_US = {
    "subject": "booking.mail.subject.cancelled_by_us",
    "news": "booking.mail.cancelled_by_us",
    "again": "booking.mail.book_again_by_us",
}

_templates = MailTemplates("marketing_site.booking")


def queue_invitations(
    db_session: Session, booking: BookingView, change: BookingChange, held: bool = False, by_staff: bool = False
) -> None:
    """The visitor's and the host's mail about ``change`` (booked, moved, cancelled), each with its invitation.
    ``by_staff``: the vendor cancelled, so the visitor's mail says so, apologises, gives the booking's
    ``cancel_reason`` and offers to book again."""
    method = CANCEL if change is BookingChange.CANCELLED else REQUEST
    language = _language(booking)
    when = describe(*booking.for_visitor(), language.code)
    by_us = by_staff and change is BookingChange.CANCELLED
    visitor = _visitor_body(booking, language, change, when, by_us)
    subject = _BY_US["subject"] if by_us else f"booking.mail.subject.{change}"
    visitor_mail = Mail(
        Audience.VISITOR,
        booking.visitor_email,
        subject_line(isolated_message(subject, language.code, when=when)),
        visitor,
        booking.lead_id,
        booking.id,
        held=held,
        calendar_body=invitation(booking, method, visitor_invitation(booking, language, change)),
        calendar_method=method,
    )
    host_when = when_for_staff(booking)
    host = _templates.render(
        "host",
        change=change,
        when=host_when,
        booking=booking,
        join=joining(booking.host_meeting_link),
        link=lead_link(booking.lead_id),
        by_staff=by_us,
        **contact_links(LeadKind.SCHEDULE_DEMO, booking.visitor_email, booking.visitor_phone),
    )
    host_mail = Mail(
        Audience.HOST,
        booking.host_email,
        subject_line(f"Demo {change}: {without_bidi_controls(booking.visitor_name)}, {host_when}"),
        host,
        booking.lead_id,
        booking.id,
        held=held,
        calendar_body=invitation(booking, method, host_invitation(booking, change)),
        calendar_method=method,
    )
    outbox_queue(db_session, visitor_mail, host_mail)


def when_for_staff(booking: BookingView) -> str:
    """The demo's time as sales' notice gives it: in the host's zone, in the staff language."""
    return describe(*booking.in_zone(booking.host_time_zone), STAFF_LANGUAGE)


def queue_reminders(db_session: Session, booking: BookingView, now: datetime, held: bool = False) -> None:
    """The visitor's reminders, due 24 h and 1 h before the demo (one whose time has passed is not queued), and
    the host's "Held or no-show?" at its end and a working day later (``outcome_mails``)."""
    outcome_mails.queue_host_asks(db_session, booking, held)
    language = _language(booking)
    when = describe(*booking.for_visitor(), language.code)
    for before in REMINDERS_BEFORE:
        due = booking.starts_at - before
        if due <= now:
            continue
        outbox_queue(
            db_session,
            Mail(
                Audience.REMINDER,
                booking.visitor_email,
                subject_line(isolated_message("booking.mail.subject.reminder", language.code, when=when)),
                _visitor_body(booking, language, None, when),
                booking.lead_id,
                booking.id,
                held=held,
                send_at=due,
            ),
        )


def withdraw_reminders(db_session: Session, booking_id: int) -> None:
    """Reminders not yet sent of a demo that moved or was cancelled never go out (nor the host's questions)."""
    outcome_mails.withdraw_host_asks(db_session, booking_id)
    db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.booking_id) == booking_id,
            col(OutboxMail.audience) == Audience.REMINDER,
            col(OutboxMail.status).in_((OutboxStatus.QUEUED, OutboxStatus.HELD)),
        )
        .values(status=OutboxStatus.WITHDRAWN)
    )


def visitor_invitation(booking: BookingView, language: Language, change: BookingChange) -> InvitationText:
    """The visitor's calendar entry, in their language: what it is, how to join, where to change it."""
    code = language.code
    join = joining(booking.host_meeting_link)
    visitor = booking.visitor_name + (f" ({booking.school})" if booking.school else "")
    lines = [isolated_message("booking.invitation.about", code, visitor=visitor)]
    if change is BookingChange.CANCELLED:
        lines.insert(0, isolated_message("booking.invitation.cancelled", code))
    else:
        how, shown = _how_to_join(booking, code)
        lines += [how, shown] if shown else [how]
        lines += [isolated_message("booking.mail.manage", code), manage_url(booking.id)]
    return InvitationText(
        summary=isolated_message("booking.invitation.summary", code, host=booking.host_name),
        description="\n".join(lines),
        location=join.shown or isolated_message("booking.invitation.location", code),
        url=join.uri or manage_url(booking.id),
    )


def host_invitation(booking: BookingView, change: BookingChange) -> InvitationText:
    """The host's calendar entry, in English: who the demo is for, how the visitor joins, the lead's link."""
    join = joining(booking.host_meeting_link)
    visitor = booking.visitor_name + (f" ({booking.school})" if booking.school else "")
    lines = [f"Demo of Smart School Suite for {visitor} <{booking.visitor_email}>."]
    if change is BookingChange.CANCELLED:
        lines.insert(0, "This demo is cancelled.")
    lines += [f"Visitors join by: {join.shown}" if join.shown else "No meeting link set: tell the visitor how to join."]
    lines += ["Lead:", lead_link(booking.lead_id)]
    return InvitationText(
        summary=f"Demo for {without_bidi_controls(visitor)}",  # a one-line title: nothing isolates a typed name
        description="\n".join(lines),
        location=join.shown or "Online demo",
        url=join.uri or lead_link(booking.lead_id),
    )


def _language(booking: BookingView) -> Language:
    return BY_CODE.get(booking.language, DEFAULT)


def _how_to_join(booking: BookingView, code: str) -> tuple[str, str]:
    """How to join in words, and the address or number to show on a line of its own (so that no mark of
    direction touches it, and a mail or calendar program links all of it); "" when the host sends it later."""
    join = joining(booking.host_meeting_link)
    if join.by is JoinBy.LATER:
        return isolated_message("booking.mail.join.later", code, host=booking.host_name), ""
    return isolated_message(f"booking.mail.join.{join.by}", code), join.shown


def _visitor_body(
    booking: BookingView, language: Language, change: BookingChange | None, when: str, by_us: bool = False
) -> MailBodies:
    """The visitor's mail about ``change`` (None: a reminder): the news, the invitation, how to join, and the
    link to their booking page (to change the demo, or after a cancellation to book a new time). ``by_us``: the
    vendor cancelled: an apology, staff's reason if they gave one, and an invitation to pick another time."""
    code = language.code
    news = _BY_US["news"] if by_us else f"booking.mail.{change}" if change else "booking.mail.reminder"
    cancelled = change is BookingChange.CANCELLED
    how, shown = ("", "") if cancelled else _how_to_join(booking, code)
    reason = booking.cancel_reason if by_us else ""
    again = _BY_US["again"] if by_us else "booking.mail.book_again"
    return _templates.render(
        "visitor",
        language=language,
        greeting=isolated_message("mail.greeting", code, name=booking.visitor_name),
        news=isolated_message(news, code, host=booking.host_name, when=when),
        invitation=isolated_message(f"booking.mail.invitation.{change}", code) if change else "",
        how_to_join=how,
        join_shown=shown,
        join_uri=joining(booking.host_meeting_link).uri,
        reason=isolated_message("booking.mail.cancel_reason", code, reason=reason) if reason else "",
        manage=isolated_message(again if cancelled else "booking.mail.manage", code),
        link=manage_url(booking.id),
        signature=isolated_message("mail.signature", code),
    )
