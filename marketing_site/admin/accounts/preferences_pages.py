"""A staff member's time zone page (``preferences.py`` checks and saves it)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from marketing_site.admin.accounts import preferences
from marketing_site.admin.frame.rendering import after, render
from marketing_site.admin.local_time import BROWSER_ZONE_COOKIE
from marketing_site.admin.signin.guard import BASE, staff_only
from marketing_site.settings import settings
from marketing_site.staff.models import StaffUser
from marketing_site.staff.refused import ChangeRefused


def _preferences_page(request: Request, user: StaffUser, error: str = "", status_code: int = 200) -> Response:
    return render(
        request,
        "preferences.html",
        user,
        status_code,
        zones=preferences.zones(),
        reported=request.cookies.get(BROWSER_ZONE_COOKIE, ""),
        company_zone=settings.company_time_zone,
        error=error,
    )


@staff_only
async def preferences_form(request: Request, user: StaffUser) -> Response:
    return _preferences_page(request, user)


@staff_only
async def preferences_save(request: Request, user: StaffUser) -> Response:
    form = await request.form()
    try:
        await run_in_threadpool(preferences.time_zone_set, user, str(form.get("time_zone", "")))
    except ChangeRefused as refused:
        return _preferences_page(request, user, str(refused), 400)
    return after(f"{BASE}/preferences")


ROUTES = [
    Route("/preferences", preferences_form, methods=["GET"]),
    Route("/preferences", preferences_save, methods=["POST"]),
]
