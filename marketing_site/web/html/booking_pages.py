"""The visitor's booking pages: /booking/{token} for a booked demo, /booking/new/{token} for a request without a time.

Server-rendered (Jinja2, autoescaped) in the lead's language, like the staff area. Looking changes
nothing: mail scanners open every link, so booking, moving and cancelling are POSTs. Their forms carry
a token signed over the booking and the SEQUENCE the page showed, so a forged form (no page seen) is
refused, and a form from a page that is out of date (the demo moved meanwhile) changes nothing.
Cancelling takes two steps: the page's button opens a confirmation, whose form alone may cancel.
After a cancellation the page offers free times of every host to book again; every page leads back
to the site. Free times are chosen as Calendly and Cal.com offer them: a week of days (those with a free time
are links), then the times of the day chosen; never every time of every day at once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from babel import Locale
from babel.core import get_global
from itsdangerous import BadSignature, URLSafeSerializer
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route

from marketing_site import routes
from marketing_site.booking import service, slots, tokens
from marketing_site.booking.errors import BookingError, LeadNotFound, SlotTaken
from marketing_site.booking.meeting import joining
from marketing_site.booking.models import BookingChange, BookingStatus
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import chosen_zone, day_name, describe, short_day, zone_choices, zone_name
from marketing_site.content.messages import isolated_message, speaking
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.i18n.bidi import as_html
from marketing_site.i18n.languages import BY_CODE, DEFAULT, Language, localized_route, preferred_language
from marketing_site.leads.models import Lead
from marketing_site.settings import settings
from marketing_site.web.html.page_templates import templates

BASE = routes.BOOKING_PAGE
DAYS_SHOWN = 7  # the days to choose from, a week at a time; then the free times of the day chosen
FORM_SALT = "demo-booking-form"
CANCEL_STEP = "cancel"  # signed into the confirmation's form token: only that form cancels
HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}
DONE = (BookingChange.BOOKED, BookingChange.MOVED, BookingChange.CANCELLED)


def form_token(booking: BookingView, step: str = "") -> str:
    signed: list[object] = [booking.id, booking.sequence] + ([step] if step else [])
    return URLSafeSerializer(tokens.signing_secret(), salt=FORM_SALT).dumps(signed)


def seen_sequence(booking_id: int, sent: object, step: str = "") -> int:
    """The SEQUENCE the posted form was rendered with; TokenInvalid for a form this site did not render
    (or one of another step: the booking page's form token does not cancel)."""
    try:
        signed = URLSafeSerializer(tokens.signing_secret(), salt=FORM_SALT).loads(str(sent or ""))
    except (BadSignature, ValueError, TypeError):
        raise tokens.TokenInvalid() from None
    if not isinstance(signed, list) or signed[:1] != [booking_id] or signed[2:] != ([step] if step else []):
        raise tokens.TokenInvalid()
    sequence = signed[1] if len(signed) > 1 else None
    if not isinstance(sequence, int):
        raise tokens.TokenInvalid()
    return sequence


def _pick_form_token(lead_id: int) -> str:
    return URLSafeSerializer(tokens.signing_secret(), salt=FORM_SALT).dumps(["lead", lead_id])


def _language(booking: BookingView) -> Language:
    return BY_CODE.get(booking.language, DEFAULT)


def _words(message_id: str, **values: object) -> Markup:
    """A message as page HTML: escaped, its runs of the other direction in <bdi> elements."""
    return as_html(isolated_message(message_id, None, **values))


def _render(
    request: Request, template: str, language: Language, status_code: int = 200, /, **values: object
) -> Response:
    with speaking(language.code):
        return templates.TemplateResponse(
            request,
            template,
            {
                "language": language,
                "t": _words,
                "changes": BookingChange,
                "site": settings.site_url + localized_route(routes.HOME, language),
                **values,
            },
            status_code=status_code,
            headers=HEADERS,
        )


def _problem(request: Request, refused: Exception, language: Language | None = None) -> Response:
    """A clear page for a link or form that cannot be acted on; nothing was changed."""
    language = language or preferred_language(request.headers.get("accept-language", ""))
    expired = isinstance(refused, tokens.TokenExpired)
    with speaking(language.code):
        text = (
            isolated_message("booking.token_expired")
            if expired
            else isolated_message("booking.token_invalid")
            if isinstance(refused, tokens.TokenInvalid)
            else str(refused)
        )
    status = 410 if expired else 404 if isinstance(refused, tokens.TokenInvalid) else 409
    return _render(request, "booking/problem.html", language, status, text=text)


def _day_asked(request: Request, name: str) -> date | None:
    try:
        return date.fromisoformat(request.query_params[name]) if name in request.query_params else None
    except ValueError:
        return None


def _from_day(request: Request) -> date | None:
    return _day_asked(request, "from")


def _week(
    from_day: date | None,
    tz_name: str,
    host_id: int | None = None,
    day_asked: date | None = None,
    prefer_host: int | None = None,
) -> dict[str, Any]:
    """A week of days from ``from_day`` (today at the earliest) in the reader's zone, the days of it with a free
    time (of one host, or of any: one time per start, ``prefer_host``'s when they are free then), and the free
    times of one day: ``day_asked`` if it has any, else the first day that has. As Calendly and Cal.com show
    them: a day first, then that day's times, a week at a time."""
    today = utc_now().astimezone(slots.zone(tz_name)).date()
    first = max(from_day or today, today)
    by_start: dict[object, slots.Slot] = {}
    for slot in slots.free_slots(first, DAYS_SHOWN, tz_name, host_id=host_id):
        kept = by_start.get(slot.starts_at)
        if kept is None or (slot.host_id == prefer_host != kept.host_id):
            by_start[slot.starts_at] = slot
    days: dict[date, list[slots.Slot]] = {}
    for slot in by_start.values():  # in start order, as free_slots lists them
        days.setdefault(slot.starts_at.date(), []).append(slot)
    day = day_asked if day_asked in days else next(iter(days), None)
    return {
        "week": [first + timedelta(days=offset) for offset in range(DAYS_SHOWN)],
        "open_days": set(days),
        "day": day,
        "times": days.get(day, []) if day else [],
        "first": first,
        "today": today,
        "earlier": max(first - timedelta(days=DAYS_SHOWN), today),
        "later": first + timedelta(days=DAYS_SHOWN),
    }


def _page_view(booking: BookingView, from_day: date | None, day_asked: date | None = None) -> dict[str, Any]:
    """What the page shows: the demo in the visitor's zone and, while it lies ahead, a week of its host's other
    free times; once cancelled or missed (marked no-show), a week of free times of every host to book again (its
    host's first, so a visitor who books again keeps their host when they can: docs/booking.md)."""
    upcoming = booking.status == BookingStatus.BOOKED and booking.starts_at > utc_now()
    cancelled = booking.status == BookingStatus.CANCELLED
    missed = booking.status == BookingStatus.NO_SHOW
    week = (
        _week(
            from_day,
            booking.visitor_time_zone,
            booking.host_id if upcoming else None,
            day_asked,
            prefer_host=booking.host_id,
        )
        if upcoming or cancelled or missed
        else {}
    )
    return {
        "booking": booking,
        "upcoming": upcoming,
        "cancelled": cancelled,
        "missed": missed,
        "when": describe(*booking.for_visitor(), booking.language),
        "join": joining(booking.host_meeting_link),
        "describe": describe,
        "day_name": day_name,
        "short_day": short_day,
        "zone_label": zone_name(booking.visitor_time_zone, booking.language),
        **week,
    }


async def page(request: Request) -> Response:
    try:
        booking = await run_in_threadpool(_booking, request.path_params["token"])
    except (tokens.TokenInvalid, BookingError) as refused:
        return _problem(request, refused)
    view = await run_in_threadpool(_page_view, booking, _from_day(request), _day_asked(request, "day"))
    done = request.query_params.get("done")
    return _manage_page(request, booking, view, done=done if done in DONE else "")


def _manage_page(
    request: Request,
    booking: BookingView,
    view: dict[str, Any],
    status_code: int = 200,
    error: str = "",
    offered: tuple[slots.Slot, ...] = (),
    done: str = "",
) -> Response:
    return _render(
        request,
        "booking/manage.html",
        _language(booking),
        status_code,
        **view,
        form_token=form_token(booking),
        booking_base=f"{BASE}/{request.path_params['token']}",
        done=done,
        error=error,
        offered=offered,
    )


async def cancel_question(request: Request) -> Response:
    """The confirmation step: the demo and its two answers; the form here is the only one that cancels."""
    try:
        booking = await run_in_threadpool(_booking, request.path_params["token"])
    except (tokens.TokenInvalid, BookingError) as refused:
        return _problem(request, refused)
    booking_base = f"{BASE}/{request.path_params['token']}"
    if booking.status != BookingStatus.BOOKED or booking.starts_at <= utc_now():
        return RedirectResponse(booking_base, status_code=303)
    return _render(
        request,
        "booking/cancel.html",
        _language(booking),
        booking=booking,
        when=describe(*booking.for_visitor(), booking.language),
        form_token=form_token(booking, CANCEL_STEP),
        booking_base=booking_base,
    )


def _booking(token: str) -> BookingView:
    return service.booking_get(tokens.booking_id_from_token(token))


Change = Callable[[BookingView, int, FormData], str]  # moves, cancels or books the demo again; returns what it did


def _action(change: Change, step: str = "") -> Callable[[Request], Awaitable[Response]]:
    async def act(request: Request) -> Response:
        token = request.path_params["token"]
        form = await request.form()
        try:
            booking = await run_in_threadpool(_booking, token)
        except (tokens.TokenInvalid, BookingError) as refused:
            return _problem(request, refused)
        with speaking(_language(booking).code):
            try:
                sequence = seen_sequence(booking.id, form.get("form_token"), step)
            except tokens.TokenInvalid as refused:
                if step and _is_page_form(booking.id, form.get("form_token")):
                    return await cancel_question(request)  # the booking page's own form: ask first
                return _problem(request, refused, _language(booking))
            try:
                done = await run_in_threadpool(change, booking, sequence, form)
            except BookingError as refused:
                fresh = await run_in_threadpool(service.booking_get, booking.id)
                view = await run_in_threadpool(_page_view, fresh, None)
                offered = refused.next_slots if isinstance(refused, SlotTaken) else ()
                return _manage_page(request, fresh, view, 409, str(refused), offered)
        return RedirectResponse(f"{BASE}/{token}?done={done}", status_code=303)

    return act


def _is_page_form(booking_id: int, sent: object) -> bool:
    try:
        seen_sequence(booking_id, sent)
    except tokens.TokenInvalid:
        return False
    return True


def _reschedule(booking: BookingView, sequence: int, form: FormData) -> str:
    service.booking_reschedule(booking.id, str(form.get("slot", "")), seen_sequence=sequence)
    return BookingChange.MOVED


def _cancel(booking: BookingView, sequence: int, _form: FormData) -> str:
    service.booking_cancel(booking.id, seen_sequence=sequence)
    return BookingChange.CANCELLED


def _rebook(booking: BookingView, sequence: int, form: FormData) -> str:
    service.booking_rebook(booking.id, str(form.get("slot", "")), seen_sequence=sequence)
    return BookingChange.BOOKED


@dataclass(frozen=True)
class _Request:
    """What a pick page needs of the demo request its link was signed for."""

    lead_id: int
    language: Language
    country: str
    booking_id: int | None  # its booking, once it has one


def _request(token: str) -> _Request:
    lead_id = tokens.lead_id_from_token(token)
    with db.session() as db_session:
        lead = db_session.get(Lead, lead_id)
        if lead is None:
            raise LeadNotFound()
        language, country = BY_CODE.get(lead.language, DEFAULT), lead.country or ""
    try:
        booking = service.booking_of_lead(lead_id)
    except BookingError:
        booking = None
    # A demo the visitor missed (no-show) is booked again here, as a request without a time: the link in the
    # no-show mail is this page's.
    booking_id = booking.id if booking is not None and booking.status != BookingStatus.NO_SHOW else None
    return _Request(lead_id, language, country, booking_id)


def _country_zone(country: str) -> str:
    """A first guess at a visitor's zone from the country they gave: its zone when it has one, else UTC."""
    codes = {name: code for code, name in Locale.parse("en").territories.items()}
    zones = get_global("territory_zones").get(codes.get(country, ""), ())
    return zones[0] if len(zones) == 1 else "UTC"


@dataclass(frozen=True)
class _Tried:
    """The time a visitor tried to book and the zone they saw it in: the page shown again after a refusal
    keeps both (their zone, that day's other times), whatever its address says."""

    zone: str | None  # None: the form named no zone we know
    slot: str

    def day(self, tz_name: str) -> date | None:
        try:
            return slots.parse_slot_id(self.slot)[1].astimezone(slots.zone(tz_name)).date()
        except BookingError:
            return None


def _pick_view(demo: _Request, request: Request, tried: _Tried | None) -> dict[str, Any]:
    tz_name = (tried and tried.zone) or chosen_zone(request.query_params.get("tz")) or _country_zone(demo.country)
    day = tried.day(tz_name) if tried else None
    return {
        "zone": tz_name,
        "zones": zone_choices(demo.language.code),
        "day_name": day_name,
        "short_day": short_day,
        **_week(day or _from_day(request), tz_name, day_asked=day or _day_asked(request, "day")),
    }


async def pick_page(request: Request, error: str = "", status_code: int = 200, tried: _Tried | None = None) -> Response:
    """A demo request's page of free times (the link in its confirmation); once booked, the booking's page."""
    token = request.path_params["token"]
    try:
        demo = await run_in_threadpool(_request, token)
    except (tokens.TokenInvalid, BookingError) as refused:
        return _problem(request, refused)
    if demo.booking_id is not None:
        return RedirectResponse(f"{BASE}/{tokens.booking_token(demo.booking_id)}", status_code=303)
    view = await run_in_threadpool(_pick_view, demo, request, tried)
    return _render(
        request,
        "booking/pick.html",
        demo.language,
        status_code,
        **view,
        pick_base=f"{BASE}/{tokens.PICK_PATH}/{token}",
        form_token=_pick_form_token(demo.lead_id),
        error=error,
    )


async def pick_book(request: Request) -> Response:
    token = request.path_params["token"]
    form = await request.form()
    try:
        demo = await run_in_threadpool(_request, token)
    except (tokens.TokenInvalid, BookingError) as refused:
        return _problem(request, refused)
    if form.get("form_token") != _pick_form_token(demo.lead_id):
        return _problem(request, tokens.TokenInvalid(), demo.language)
    if demo.booking_id is not None:
        return RedirectResponse(f"{BASE}/{tokens.booking_token(demo.booking_id)}", status_code=303)
    tried = _Tried(chosen_zone(form.get("tz")), str(form.get("slot", "")))
    with speaking(demo.language.code):
        try:
            booking = await run_in_threadpool(service.book_for_lead, demo.lead_id, tried.slot, tried.zone or "UTC")
        except BookingError as refused:
            return await pick_page(request, str(refused), 409, tried)
    return RedirectResponse(f"{BASE}/{tokens.booking_token(booking.id)}?done={BookingChange.BOOKED}", status_code=303)


def build_booking_pages() -> Starlette:
    """Mounted at /booking among the app's api_transformers. Its handlers are made here rather than at import,
    so each app built (a test's too) runs the code loaded now (mutation testing swaps it per test)."""
    table = [
        Route(f"/{tokens.PICK_PATH}/{{token}}", pick_page, methods=["GET"]),
        Route(f"/{tokens.PICK_PATH}/{{token}}/book", pick_book, methods=["POST"]),
        Route("/{token}", page, methods=["GET"]),
        Route("/{token}/reschedule", _action(_reschedule), methods=["POST"]),
        Route("/{token}/cancel", cancel_question, methods=["GET"]),
        Route("/{token}/cancel", _action(_cancel, CANCEL_STEP), methods=["POST"]),
        Route("/{token}/rebook", _action(_rebook), methods=["POST"]),
    ]
    return Starlette(routes=[Mount(BASE, routes=table)])
