"""The booking endpoints, added to the lead API (same CORS, OpenAPI document and refusals):

``GET /api/demo-slots?from=YYYY-MM-DD&days=N&tz=Area/City`` lists free slots in the visitor's zone;
``POST /api/demo-bookings`` stores a ScheduleDemo lead and books its ``slotId`` in one transaction
(201), or answers 409 with the next free slots when the slot is gone. Handlers only parse and call
``booking.slots`` / ``booking.service``.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError

from marketing_site import routes
from marketing_site.booking import service, slots
from marketing_site.booking.errors import BadWindow, BookingError, SlotTaken
from marketing_site.booking.slots import Slot
from marketing_site.booking.views import BookingView
from marketing_site.content.messages import message, speaking
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.i18n.languages import preferred_language
from marketing_site.leads.service import SubmissionContext
from marketing_site.settings import settings
from marketing_site.web import openapi
from marketing_site.web.answers import ALLOW, DATABASE_RETRY_AFTER_SECONDS, OTHER_METHODS, other_method, post_answer

log = logging.getLogger(__name__)
DEFAULT_DAYS = 7
FIRST_YEAR, LAST_YEAR = 2000, 2999
NO_STORE = {"Cache-Control": "no-store"}  # free slots change with every booking


def add_routes(app: FastAPI) -> None:
    app.add_api_route(
        routes.DEMO_SLOTS_API,
        list_slots,
        methods=["GET"],
        name="demo-slots",
        summary="List free demo slots",
        openapi_extra=openapi.DEMO_SLOTS_OPERATION,
    )
    app.add_api_route(
        routes.DEMO_SLOTS_API,
        _slots_other_method,
        methods=["HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        include_in_schema=False,
    )
    app.add_api_route(
        routes.DEMO_BOOKINGS_API,
        book,
        methods=["POST"],
        status_code=201,
        name="demo-bookings",
        summary="Store a ScheduleDemo lead and book its demo slot",
        max_body_size=settings.max_body_bytes,
        openapi_extra=openapi.demo_booking_operation(),
    )
    app.add_api_route(routes.DEMO_BOOKINGS_API, _bookings_other_method, methods=OTHER_METHODS, include_in_schema=False)


def slot_json(slot: Slot) -> dict[str, Any]:
    return {"id": slot.id, "start": slot.starts_at.isoformat(), "end": slot.ends_at.isoformat(), "host": slot.host_name}


def booking_json(booking: BookingView) -> dict[str, Any]:
    start, end = booking.for_visitor()
    return {
        "id": booking.id,
        "slotId": booking.slot_id,
        "start": start.isoformat(),
        "end": end.isoformat(),
        "host": booking.host_name,
        "timeZone": booking.visitor_time_zone,
        "status": booking.status,
    }


async def list_slots(request: Request) -> Response:
    with speaking(preferred_language(request.headers.get("accept-language", "")).code):
        query = request.query_params
        try:
            tz_name = query.get("tz", "UTC")
            visitor_zone = slots.zone(tz_name)
            from_day = _day(query.get("from"), visitor_zone)
            days = _days(query.get("days"))
            found = await db.run_bounded(slots.free_slots, from_day, days, tz_name)
        except BookingError as bad:
            field = "tz" if bad.field == "timeZone" else bad.field
            return JSONResponse({"errors": {field: str(bad)}}, status_code=422)
        except SQLAlchemyError:
            log.exception("Listing demo slots failed: database unavailable")
            return JSONResponse(
                {"error": message("lead.not_stored")},
                status_code=503,
                headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)},
            )
    return JSONResponse({"timeZone": tz_name, "slots": [slot_json(slot) for slot in found]}, headers=NO_STORE)


def _day(value: str | None, visitor_zone: ZoneInfo) -> date:
    """``from``: a YYYY-MM-DD date, by default today in the visitor's zone."""
    if value is None:
        return utc_now().astimezone(visitor_zone).date()
    try:
        day = date.fromisoformat(value) if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value) else None
    except ValueError:
        day = None
    if day is None or not FIRST_YEAR <= day.year <= LAST_YEAR:  # far years would overflow zone arithmetic
        raise BadWindow("from", "booking.from_invalid")
    return day


def _days(value: str | None) -> int:
    if value is None:
        return DEFAULT_DAYS
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= openapi.MAX_SLOT_DAYS):
        raise BadWindow("days", "booking.days_invalid", limit=openapi.MAX_SLOT_DAYS)
    return int(value)


async def book(request: Request) -> JSONResponse:
    def store(payload: dict[str, Any], context: SubmissionContext) -> tuple[int, dict[str, Any]]:
        try:
            lead_id, booking = service.lead_book(payload, context)
        except SlotTaken as taken:
            return 409, {"error": str(taken), "nextSlots": [slot_json(slot) for slot in taken.next_slots]}
        return 201, {"id": lead_id, "booking": booking_json(booking)}

    return await post_answer(request, "demo booking", store)


async def _slots_other_method(request: Request) -> Response:
    return other_method(request, "GET, OPTIONS", "api.get_only")


async def _bookings_other_method(request: Request) -> Response:
    return other_method(request, ALLOW, "api.post_only")
