"""Staff pages of demo booking: a host's availability, the company's booking rules, the upcoming demos.

Thin handlers like lead_pages.py's: the guard checks the role (and the CSRF token of every POST), the services in
availability (over booking.setup.host_changes), booking.setup.booking_rules and agenda check the input and
write it with its audit entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from marketing_site.admin.frame.rendering import after, clock_of, render
from marketing_site.admin.roles import may_change_booking_rules, may_edit_any_host, may_edit_host, may_host_demos
from marketing_site.admin.setup import availability
from marketing_site.admin.signin.guard import BASE, Guarded, staff_only
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.admin.work import agenda, inbox_query
from marketing_site.booking.models import BookingSettings
from marketing_site.booking.setup import booking_rules, host_changes
from marketing_site.booking.setup.week_text import WEEKDAYS
from marketing_site.core.columns import stored_id
from marketing_site.staff.models import StaffUser
from marketing_site.staff.refused import ChangeRefused


async def _availability_page(
    request: Request, user: StaffUser, staff_id: int, error: str = "", typed_hours: list[str] | None = None
) -> Response:
    if not may_edit_host(user.role, stored_id(user), staff_id):
        return PlainTextResponse("You may set only your own availability", status_code=403)
    try:
        week = await run_in_threadpool(availability.host_week, staff_id)
    except availability.NotAHost:
        return PlainTextResponse("No such salesperson", status_code=404)
    hosts = await run_in_threadpool(availability.hosts) if may_edit_any_host(user.role) else []
    days = [(day, typed, "") for day, typed in zip(WEEKDAYS, typed_hours, strict=True)] if typed_hours else week.days
    return render(
        request,
        "availability.html",
        user,
        400 if error else 200,
        error=error,
        week=week,
        days=days,
        hosts=hosts,
        time_zones=host_changes.time_zones(),
    )


@staff_only(allowed=may_host_demos)
async def my_availability(request: Request, user: StaffUser) -> Response:
    return await _availability_page(request, user, stored_id(user))


@staff_only(allowed=may_host_demos)
async def host_availability(request: Request, user: StaffUser) -> Response:
    return await _availability_page(request, user, request.path_params["staff_id"])


Change = Callable[[StaffUser, int, dict[str, str], Mapping[str, Any]], None]


def _availability_change(change: Change) -> Guarded:
    """A POST changing one host's availability: refused for another's (unless admin), re-shown with the error."""

    @staff_only(allowed=may_host_demos)
    async def act(request: Request, user: StaffUser) -> Response:
        staff_id = request.path_params["staff_id"]
        if not may_edit_host(user.role, stored_id(user), staff_id):
            return PlainTextResponse("You may set only your own availability", status_code=403)
        form = {key: str(value) for key, value in (await request.form()).items()}
        try:
            await run_in_threadpool(change, user, staff_id, form, request.path_params)
        except availability.NotAHost:
            return PlainTextResponse("No such salesperson", status_code=404)
        except ChangeRefused as refused:
            typed = [form.get(f"day{weekday}", "") for weekday in range(7)] if change is _hours else None
            return await _availability_page(request, user, staff_id, str(refused), typed)
        return after(f"{BASE}/availability/{staff_id}")

    return act


def _host(user: StaffUser, staff_id: int, form: dict[str, str], _params: Mapping[str, Any]) -> None:
    details = host_changes.HostDetails(
        form.get("display_name", ""),
        form.get("time_zone", ""),
        form.get("country", ""),
        form.get("active") == "on",
        form.get("meeting_link", ""),
    )
    availability.host_save(user, staff_id, details)


def _hours(user: StaffUser, staff_id: int, form: dict[str, str], _params: Mapping[str, Any]) -> None:
    availability.hours_save(user, staff_id, [form.get(f"day{weekday}", "") for weekday in range(7)])


def _day_off_add(user: StaffUser, staff_id: int, form: dict[str, str], _params: Mapping[str, Any]) -> None:
    availability.day_off_add(user, staff_id, form.get("day", ""))


def _day_off_remove(user: StaffUser, staff_id: int, _form: dict[str, str], params: Mapping[str, Any]) -> None:
    availability.day_off_remove(user, staff_id, params["day_off_id"])


def _saved_rules() -> BookingSettings:
    with staff_session() as db_session:
        return booking_rules.rules_get(db_session)


def _rules_write(user: StaffUser, form: dict[str, str]) -> None:
    with staff_write_session() as db_session:
        booking_rules.rules_save(db_session, user.id, form)
        db_session.commit()


async def _rules_page(
    request: Request, user: StaffUser, error: str = "", typed: dict[str, str] | None = None
) -> Response:
    saved = await run_in_threadpool(_saved_rules)
    values: Mapping[str, object] = typed or {field: getattr(saved, field) for field in booking_rules.LIMITS}
    return render(
        request,
        "booking_rules.html",
        user,
        400 if error else 200,
        error=error,
        values=values,
        limits=booking_rules.LIMITS,
    )


@staff_only(allowed=may_change_booking_rules)
async def rules_form(request: Request, user: StaffUser) -> Response:
    return await _rules_page(request, user)


@staff_only(allowed=may_change_booking_rules)
async def rules_save(request: Request, user: StaffUser) -> Response:
    form = {key: str(value) for key, value in (await request.form()).items() if key in booking_rules.LIMITS}
    try:
        await run_in_threadpool(_rules_write, user, form)
    except ChangeRefused as refused:
        return await _rules_page(request, user, str(refused), form)
    return after(f"{BASE}/booking-rules")


@staff_only(allowed=may_host_demos)
async def demos(request: Request, user: StaffUser) -> Response:
    span = request.query_params.get("span", "week")
    span = span if span in agenda.SPANS else "week"
    asked = request.query_params.get("day", "")
    first_day = inbox_query.day_within_range(asked) if asked else clock_of(request, user).today()
    if first_day is None:
        return PlainTextResponse("day: a date between 2000-01-01 and 2999-12-31 as YYYY-MM-DD", status_code=400)
    per_host = await run_in_threadpool(agenda.upcoming, first_day, span)
    return render(request, "demos.html", user, per_host=per_host, span=span, first_day=first_day)


ROUTES = [
    Route("/availability", my_availability, methods=["GET"]),
    Route("/availability/{staff_id:int}", host_availability, methods=["GET"]),
    Route("/availability/{staff_id:int}/host", _availability_change(_host), methods=["POST"]),
    Route("/availability/{staff_id:int}/hours", _availability_change(_hours), methods=["POST"]),
    Route("/availability/{staff_id:int}/days-off", _availability_change(_day_off_add), methods=["POST"]),
    Route(
        "/availability/{staff_id:int}/days-off/{day_off_id:int}/remove",
        _availability_change(_day_off_remove),
        methods=["POST"],
    ),
    Route("/booking-rules", rules_form, methods=["GET"]),
    Route("/booking-rules", rules_save, methods=["POST"]),
    Route("/demos", demos, methods=["GET"]),
]
