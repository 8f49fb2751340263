"""The guards in front of the staff routes, and where signing in may lead.

``staff_only`` opens a route to a session that completed the second factor only; ``halfway`` opens the
second-factor and enrolment pages to a session that gave the password so far. Both refuse a POST
without the session's CSRF token, and any form value holding a NUL character.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import overload
from urllib.parse import urlencode

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from marketing_site import routes
from marketing_site.admin.signin import auth
from marketing_site.admin.signin.sessions import Signed
from marketing_site.staff.models import StaffUser

BASE = routes.STAFF_AREA
SECOND_FACTOR = f"{BASE}/second-factor"
LARGEST_ROW_ID = 2**31 - 1  # an id path parameter past this names no row (and PostgreSQL's integer refuses it)
Handler = Callable[[Request, StaffUser], Awaitable[Response]]
HalfwayHandler = Callable[[Request, Signed], Awaitable[Response]]
Guarded = Callable[[Request], Awaitable[Response]]  # a Starlette endpoint


class BadInput(ValueError):
    """A form value no field may hold."""


async def checked_form(request: Request) -> FormData:
    """The request's form (read once), refused whole if a value holds a NUL character."""
    form = await request.form()
    if any(isinstance(value, str) and "\x00" in value for value in form.values()):
        raise BadInput("A NUL character is not allowed in a form field")
    return form


async def _post_checks(request: Request) -> Response | None:
    """400 for a NUL in the form, 403 without the CSRF token; None when the POST may go on."""
    try:
        form = await checked_form(request)
        auth.check_csrf(request, form.get(auth.CSRF_FIELD) or request.headers.get(auth.CSRF_HEADER))
    except BadInput as bad:
        return PlainTextResponse(str(bad), status_code=400)
    except auth.CsrfRefused:
        return PlainTextResponse("The form expired; go back, reload and try again", status_code=403)
    return None


@overload
def staff_only(handler: Handler, *, allowed: Callable[[str], bool] = ..., page: bool = ...) -> Guarded: ...


@overload
def staff_only(
    handler: None = None, *, allowed: Callable[[str], bool] = ..., page: bool = ...
) -> Callable[[Handler], Guarded]: ...


def staff_only(
    handler: Handler | None = None, *, allowed: Callable[[str], bool] = lambda _role: True, page: bool = True
) -> Guarded | Callable[[Handler], Guarded]:
    """Refuse anyone not fully signed in (a GET ``page``: to the sign-in form, or on to the second factor;
    data and POSTs: 401), a role not ``allowed`` (403), an id no row can have (404), and a POST without
    the session's CSRF token (403), before the handler runs. Bare (``@staff_only``) or with options."""
    if handler is None:
        return functools.partial(_guarded, allowed=allowed, page=page)
    return _guarded(handler, allowed=allowed, page=page)


def _guarded(handler: Handler, *, allowed: Callable[[str], bool], page: bool) -> Guarded:
    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        signed = await auth.signed_in(request)
        if signed is None or not signed.complete:
            if request.method == "GET" and page:
                wanted = request.url.path + (f"?{request.url.query}" if request.url.query else "")
                target = SECOND_FACTOR if signed else f"{BASE}/signin"
                return RedirectResponse(f"{target}?{urlencode({'next': wanted})}", status_code=303)
            return PlainTextResponse("Finish signing in first" if signed else "Sign in first", status_code=401)
        if not allowed(signed.user.role):
            return PlainTextResponse("Your role may not do this", status_code=403)
        if any(isinstance(value, int) and value > LARGEST_ROW_ID for value in request.path_params.values()):
            return PlainTextResponse("Not found", status_code=404)
        if request.method == "POST" and (refused := await _post_checks(request)) is not None:
            return refused
        return await handler(request, signed.user)

    return guarded


def halfway(handler: HalfwayHandler) -> Guarded:
    """Only for a session that gave the password but not yet the second factor (a complete one goes on)."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        signed = await auth.signed_in(request)
        if signed is None:
            if request.method == "GET":
                return RedirectResponse(f"{BASE}/signin", status_code=303)
            return PlainTextResponse("Sign in first", status_code=401)
        if signed.complete:
            return RedirectResponse(after_signin(request.query_params.get("next")), status_code=303)
        if request.method == "POST" and (refused := await _post_checks(request)) is not None:
            return refused
        return await handler(request, signed)

    return guarded


async def public_post_checks(request: Request) -> Response | None:
    """The sign-in, invitation and passkey POSTs: the same 400 and 403 before any work."""
    await auth.signed_in(request)
    return await _post_checks(request)


def after_signin(wanted: object) -> str:
    """Where a signed-in member goes: the staff page they asked for (a lead linked from a mail), never elsewhere."""
    if isinstance(wanted, str) and wanted.startswith(f"{BASE}/") and "\\" not in wanted and "//" not in wanted:
        return wanted
    return f"{BASE}/"
