"""The mails around a demo's outcome, as outbox rows due at their time (the outbox's claim sends each once,
whichever worker takes it):

- to the host at the demo's end, "Held or no-show?" with the two one-click links, and, a working day of the
  host's later (their own hours, days off, weekend and holidays, in their zone), once more if nobody marked
  it: both queued with the booking's reminders and withdrawn with them (a move, a cancellation) or when
  the demo is marked;
- to a visitor marked no-show, at once, in their language: sorry we missed you, and the link to book again;
- to a visitor whose demo was held, the next working morning in their zone (their country's weekend and
  holidays kept): a short recap with the modules they asked about, each linked to its page. Staff taking
  the lead on themselves withdraw it (``leads.outcomes``).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlmodel import Session, col, select

from marketing_site.booking.calendar import host_work_weeks
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.outcome_links import OUTCOMES, outcome_url
from marketing_site.booking.tokens import pick_url
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import describe
from marketing_site.content.countries import COUNTRY_REGIONS
from marketing_site.content.messages import isolated_message
from marketing_site.content.modules import MODULES
from marketing_site.core.closed_days import is_closed
from marketing_site.core.plain_text import without_bidi_controls
from marketing_site.i18n.languages import BY_CODE, DEFAULT, Language, localized_route
from marketing_site.leads.mails import lead_link
from marketing_site.leads.models import Lead, LeadModule
from marketing_site.leads.owners import owner_mails, work_calendar
from marketing_site.leads.owners.owner_mails import contact_links
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus
from marketing_site.mail.queue import Mail
from marketing_site.mail.queue import queue as outbox_queue
from marketing_site.mail.render import STAFF_LANGUAGE, MailBodies, MailTemplates, subject_line
from marketing_site.settings import settings

RECAP_MORNING = time(9, 0)  # the recap's hour, in the visitor's zone
SEARCH_DAYS = 60  # a calendar with no working day this far ahead counts plain days instead
HOST_ASKS = (Audience.OUTCOME, Audience.UNMARKED)

_templates = MailTemplates("marketing_site.booking")


def a_working_day_later(db_session: Session, host_id: int, moment: datetime) -> datetime:
    """The same time of the host's next working day after ``moment`` (their own calendar, or the company's)."""
    week = host_work_weeks(db_session).get(host_id) or work_calendar.company_week()
    local = moment.astimezone(week.zone)
    for offset in range(1, SEARCH_DAYS):
        day = local.date() + timedelta(days=offset)
        if week.works_on(day):
            return datetime.combine(day, local.time().replace(tzinfo=None), tzinfo=week.zone).astimezone(UTC)
    return moment + timedelta(days=1)


def next_working_morning(zone_name: str, country: str | None, after: datetime) -> datetime:
    """RECAP_MORNING in the zone on the first day after ``after``'s own there that is no weekend or public
    holiday of the visitor's country (a country the site does not know: Saturday and Sunday off)."""
    zone, code = ZoneInfo(zone_name), COUNTRY_REGIONS.get(country or "", "ZZ")
    first = after.astimezone(zone).date()
    for offset in range(1, SEARCH_DAYS):
        day = first + timedelta(days=offset)
        if not is_closed(code, day):
            return datetime.combine(day, RECAP_MORNING, tzinfo=zone).astimezone(UTC)
    return after + timedelta(days=1)


def warm(country: str | None, moment: datetime) -> None:
    """Load the visitor's holiday calendars before the marking's transaction: the holidays package's first call
    for a country takes a good part of a second, longer than a transaction may sit idle (see
    ``leads.owners.work_calendar.warm``)."""
    code = COUNTRY_REGIONS.get(country or "", "ZZ")
    for year in (moment.year, moment.year + 1):
        is_closed(code, date(year, 1, 1))


def queue_host_asks(db_session: Session, booking: BookingView, held: bool = False) -> None:
    """The host's "Held or no-show?" at the demo's end and its one reminder a working day later (queued with
    the booking's reminders: ``mails.queue_reminders``)."""
    reminder_due = a_working_day_later(db_session, booking.host_id, booking.ends_at)
    for audience, due in ((Audience.OUTCOME, booking.ends_at), (Audience.UNMARKED, reminder_due)):
        _queue_host_ask(db_session, booking, audience, due, held)


def _queue_host_ask(db_session: Session, booking: BookingView, audience: Audience, due: datetime, held: bool) -> None:
    when = describe(*booking.in_zone(booking.host_time_zone), STAFF_LANGUAGE)
    links = {outcome: outcome_url(booking.id, booking.sequence, outcome, due) for outcome in OUTCOMES}
    expires = (due + timedelta(days=settings.demo_outcome_link_days)).astimezone(ZoneInfo(booking.host_time_zone))
    reminder = audience is Audience.UNMARKED
    body = _templates.render(
        "outcome",
        reminder=reminder,
        booking=booking,
        when=when,
        held_link=links[BookingStatus.HELD],
        no_show_link=links[BookingStatus.NO_SHOW],
        expires=owner_mails.when(expires),
        link=lead_link(booking.lead_id),
        **contact_links(LeadKind.SCHEDULE_DEMO, booking.visitor_email, booking.visitor_phone),
    )
    headline = "Still unmarked: demo" if reminder else "Held or no-show? Demo"
    subject = subject_line(f"{headline} with {without_bidi_controls(booking.visitor_name)}, {when}")
    mail = Mail(audience, booking.host_email, subject, body, booking.lead_id, booking.id, held=held, send_at=due)
    outbox_queue(db_session, mail)


def withdraw_host_asks(db_session: Session, booking_id: int) -> None:
    """The host's questions not sent yet (like the visitor's reminders): the demo moved, was cancelled or is
    marked."""
    db_session.execute(
        update(OutboxMail)
        .where(
            col(OutboxMail.booking_id) == booking_id,
            col(OutboxMail.audience).in_(HOST_ASKS),
            col(OutboxMail.status).in_((OutboxStatus.QUEUED, OutboxStatus.HELD)),
        )
        .values(status=OutboxStatus.WITHDRAWN)
    )


def _language(booking: BookingView) -> Language:
    return BY_CODE.get(booking.language, DEFAULT)


def queue_missed(db_session: Session, booking: BookingView, now: datetime, held: bool = False) -> None:
    """The visitor who did not come: one mail, now, in their language, with the link to book another time."""
    code = _language(booking).code
    when = describe(*booking.for_visitor(), code)
    body = _templates.render(
        "visitor",
        language=_language(booking),
        greeting=isolated_message("mail.greeting", code, name=booking.visitor_name),
        news=isolated_message("booking.mail.no_show", code, host=booking.host_name, when=when),
        invitation="",
        how_to_join="",
        join_shown="",
        join_uri="",
        reason="",
        manage=isolated_message("booking.mail.book_again", code),
        link=pick_url(booking.lead_id),
        signature=isolated_message("mail.signature", code),
    )
    _queue_visitor_mail(db_session, booking, Audience.MISSED, "booking.mail.subject.no_show", when, now, held, body)


def queue_recap(db_session: Session, booking: BookingView, now: datetime, held: bool = False) -> datetime:
    """The held demo's recap, due the visitor's next working morning; returns when."""
    language = _language(booking)
    when = describe(*booking.for_visitor(), language.code)
    lead = db_session.get_one(Lead, booking.lead_id)
    due = next_working_morning(booking.visitor_time_zone, lead.country, now)
    asked = set(db_session.exec(select(LeadModule.module).where(col(LeadModule.lead_id) == booking.lead_id)))
    modules = [
        (module.name, settings.site_url + localized_route(module.route, language))
        for module in MODULES
        if module.slug in asked
    ]
    code = language.code
    body = _templates.render(
        "recap",
        language=language,
        greeting=isolated_message("mail.greeting", code, name=booking.visitor_name),
        thanks=isolated_message("booking.mail.held", code, host=booking.host_name, when=when),
        modules_intro=isolated_message("booking.mail.recap.modules", code) if modules else "",
        modules=modules,
        next_step=isolated_message("booking.mail.recap.next", code, host=booking.host_name),
        signature=isolated_message("mail.signature", code),
    )
    _queue_visitor_mail(db_session, booking, Audience.RECAP, "booking.mail.subject.held", when, due, held, body)
    return due


def _queue_visitor_mail(
    db_session: Session,
    booking: BookingView,
    audience: Audience,
    subject_id: str,
    when: str,
    due: datetime,
    held: bool,
    body: MailBodies,
) -> None:
    subject = subject_line(isolated_message(subject_id, _language(booking).code, when=when))
    mail = Mail(audience, booking.visitor_email, subject, body, booking.lead_id, booking.id, held=held, send_at=due)
    outbox_queue(db_session, mail)
