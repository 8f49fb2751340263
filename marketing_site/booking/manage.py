"""The visitor's booking page at /booking/{token}: the demo in their zone, another time, or cancel.

Server-rendered (Jinja2, autoescaped) in the lead's language, like the staff area. Looking changes
nothing: mail scanners open every link, so moving and cancelling are POSTs. Their forms carry a
token signed over the booking and the SEQUENCE the page showed, so a forged form (no page seen) is
refused, and a form from a page that is out of date (the demo moved meanwhile) changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, timedelta
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.templating import Jinja2Templates

from marketing_site.booking import service, slots, tokens
from marketing_site.booking.errors import BookingError, SlotTaken
from marketing_site.booking.models import BookingChange, BookingStatus
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import day_name, describe
from marketing_site.content.messages import message, speaking
from marketing_site.core.clock import utc_now
from marketing_site.i18n.languages import BY_CODE, DEFAULT, Language, preferred_language

BASE = "/booking"
DAYS_SHOWN = 7  # the reschedule list shows a week at a time
FORM_SALT = "demo-booking-form"
HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}
DONE = (BookingChange.MOVED, BookingChange.CANCELLED)
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


def form_token(booking: BookingView) -> str:
    return URLSafeSerializer(tokens.signing_secret(), salt=FORM_SALT).dumps([booking.id, booking.sequence])


def seen_sequence(booking_id: int, sent: object) -> int:
    """The SEQUENCE the posted form was rendered with; TokenInvalid for a form this site did not render."""
    try:
        signed_id, sequence = URLSafeSerializer(tokens.signing_secret(), salt=FORM_SALT).loads(str(sent or ""))
    except (BadSignature, ValueError, TypeError):
        raise tokens.TokenInvalid() from None
    if signed_id != booking_id or not isinstance(sequence, int):
        raise tokens.TokenInvalid()
    return sequence


def _language(booking: BookingView) -> Language:
    return BY_CODE.get(booking.language, DEFAULT)


def _render(
    request: Request, template: str, language: Language, status_code: int = 200, /, **values: object
) -> Response:
    with speaking(language.code):
        return templates.TemplateResponse(
            request,
            template,
            {"language": language, "t": message, "changes": BookingChange, "statuses": BookingStatus, **values},
            status_code=status_code,
            headers=HEADERS,
        )


def _problem(request: Request, refused: Exception, language: Language | None = None) -> Response:
    """A clear page for a link or form that cannot be acted on; nothing was changed."""
    language = language or preferred_language(request.headers.get("accept-language", ""))
    expired = isinstance(refused, tokens.TokenExpired)
    with speaking(language.code):
        text = (
            message("booking.token_expired")
            if expired
            else message("booking.token_invalid")
            if isinstance(refused, tokens.TokenInvalid)
            else str(refused)
        )
    status = 410 if expired else 404 if isinstance(refused, tokens.TokenInvalid) else 409
    return _render(request, "problem.html", language, status, text=text)


def _page_view(booking: BookingView, from_day: date | None) -> dict[str, object]:
    """What the page shows: the demo in the visitor's zone and, while it lies ahead, a week of other free times."""
    visitor_zone = slots.zone(booking.visitor_time_zone)
    today = utc_now().astimezone(visitor_zone).date()
    first = max(from_day or today, today)
    upcoming = booking.status == BookingStatus.BOOKED and booking.starts_at > utc_now()
    free = slots.free_slots(first, DAYS_SHOWN, booking.visitor_time_zone, host_id=booking.host_id) if upcoming else []
    days: dict[date, list[slots.Slot]] = {}
    for slot in free:
        days.setdefault(slot.starts_at.date(), []).append(slot)
    return {
        "booking": booking,
        "upcoming": upcoming,
        "days": days,
        "first": first,
        "today": today,
        "earlier": max(first - timedelta(days=DAYS_SHOWN), today),
        "later": first + timedelta(days=DAYS_SHOWN),
        "when": describe(*booking.for_visitor(), booking.language),
        "describe": describe,
        "day_name": day_name,
    }


async def page(request: Request) -> Response:
    try:
        booking = await run_in_threadpool(_booking, request.path_params["token"])
    except (tokens.TokenInvalid, BookingError) as refused:
        return _problem(request, refused)
    try:
        from_day = date.fromisoformat(request.query_params.get("from", "")) if "from" in request.query_params else None
    except ValueError:
        from_day = None
    view = await run_in_threadpool(_page_view, booking, from_day)
    done = request.query_params.get("done")
    return _render(
        request,
        "manage.html",
        _language(booking),
        **view,
        form_token=form_token(booking),
        booking_base=f"{BASE}/{request.path_params['token']}",
        done=done if done in DONE else "",
        error="",
        offered=(),
    )


def _booking(token: str) -> BookingView:
    return service.booking_get(tokens.booking_id_from_token(token))


Change = Callable[[BookingView, int, FormData], str]  # moves or cancels the booking; returns what it did


def _action(change: Change) -> Callable[[Request], Awaitable[Response]]:
    async def act(request: Request) -> Response:
        token = request.path_params["token"]
        form = await request.form()
        try:
            booking = await run_in_threadpool(_booking, token)
        except (tokens.TokenInvalid, BookingError) as refused:
            return _problem(request, refused)
        with speaking(_language(booking).code):
            try:
                sequence = seen_sequence(booking.id, form.get("form_token"))
                done = await run_in_threadpool(change, booking, sequence, form)
            except tokens.TokenInvalid as refused:
                return _problem(request, refused, _language(booking))
            except BookingError as refused:
                fresh = await run_in_threadpool(service.booking_get, booking.id)
                view = await run_in_threadpool(_page_view, fresh, None)
                offered = refused.next_slots if isinstance(refused, SlotTaken) else ()
                return _render(
                    request,
                    "manage.html",
                    _language(fresh),
                    409,
                    **view,
                    form_token=form_token(fresh),
                    booking_base=f"{BASE}/{token}",
                    done="",
                    error=str(refused),
                    offered=offered,
                )
        return RedirectResponse(f"{BASE}/{token}?done={done}", status_code=303)

    return act


def _reschedule(booking: BookingView, sequence: int, form: FormData) -> str:
    service.booking_reschedule(booking.id, str(form.get("slot", "")), seen_sequence=sequence)
    return BookingChange.MOVED


def _cancel(booking: BookingView, sequence: int, _form: FormData) -> str:
    service.booking_cancel(booking.id, seen_sequence=sequence)
    return BookingChange.CANCELLED


ROUTES = [
    Route("/{token}", page, methods=["GET"]),
    Route("/{token}/reschedule", _action(_reschedule), methods=["POST"]),
    Route("/{token}/cancel", _action(_cancel), methods=["POST"]),
]


def build_manage() -> Starlette:
    """Mounted at /booking among the app's api_transformers."""
    return Starlette(routes=[Mount(BASE, routes=ROUTES)])
