"""The guard in front of every staff route but the sign-in form, and where signing in may lead."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from marketing_site.admin import auth
from marketing_site.staff.models import StaffUser

BASE = "/admin"
Handler = Callable[[Request, StaffUser], Awaitable[Response]]


def staff_only(
    handler: Handler | None = None, *, allowed: Callable[[str], bool] = lambda role: True, page: bool = True
):
    """Refuse anyone not signed in (a GET ``page``: to the sign-in form; data and POSTs: 401), a role not
    ``allowed`` (403), and a POST without the session's CSRF token (403), before the handler runs."""
    if handler is None:
        return functools.partial(staff_only, allowed=allowed, page=page)

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        user = await run_in_threadpool(auth.current_user, request)
        if user is None:
            if request.method == "GET" and page:
                wanted = request.url.path + (f"?{request.url.query}" if request.url.query else "")
                return RedirectResponse(f"{BASE}/signin?{urlencode({'next': wanted})}", status_code=303)
            return PlainTextResponse("Sign in first", status_code=401)
        if not allowed(user.role):
            return PlainTextResponse("Your role may not do this", status_code=403)
        if request.method == "POST":
            form = await request.form()
            try:
                auth.check_csrf(request, form.get(auth.CSRF_FIELD))
            except auth.CsrfRefused:
                return PlainTextResponse("The form expired; go back, reload and try again", status_code=403)
        return await handler(request, user)

    return guarded


def after_signin(wanted: object) -> str:
    """Where a signed-in member goes: the staff page they asked for (a lead linked from a mail), never elsewhere."""
    if isinstance(wanted, str) and wanted.startswith(f"{BASE}/") and "\\" not in wanted and "//" not in wanted:
        return wanted
    return f"{BASE}/"
