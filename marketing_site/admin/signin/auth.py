"""Who a request comes from, its cookies, and its CSRF token.

Three cookies, all HttpOnly, SameSite=Strict and Path=/, with the ``__Host-`` prefix and Secure in
production (the prefix demands Secure and Path=/, and forbids Domain, so no sibling subdomain can set or
shadow them):

- the session: a random token naming a ``staff_session`` row (sessions.py), for STAFF_SESSION_HOURS;
- the pre-sign-in cookie: a random value the sign-in, invitation and passkey forms' CSRF token is derived
  from (an HMAC with STAFF_SESSION_SECRET), so a page can be posted before there is a session, without a row;
- the device: a random value kept 400 days, naming a browser that signed in before (devices.py).

Path=/ rather than /admin: a path scopes no secret within one origin (any page of the origin can reach
/admin), while the prefix's guarantees need it. The backend's other routes on that host (the JSON API, the
forms' websocket, the booking page) are this application too, and none reads these cookies.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import cache

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from marketing_site.admin.signin import sessions
from marketing_site.admin.signin.sessions import Signed
from marketing_site.settings import settings

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"  # the passkey scripts' fetch calls send it here
DEVICE_DAYS = 400  # the longest a browser keeps a cookie


class CsrfRefused(PermissionError):
    """A form that changes data arrived without this browser's token."""


def cookie_name(base: str) -> str:
    return f"__Host-{base}" if settings.environment == "prod" else base


def session_cookie() -> str:
    return cookie_name("staff_session")


def presession_cookie() -> str:
    return cookie_name("staff_presession")


def device_cookie() -> str:
    return cookie_name("staff_device")


def set_cookie(request: Request, name: str, value: str, max_age: int | None = None) -> None:
    """Queue a cookie for whatever answer this request gets (middleware.StaffAreaRules writes it)."""
    carrier = Response()
    carrier.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="strict",
        secure=settings.environment == "prod",
    )
    request.state.cookies = [*getattr(request.state, "cookies", []), carrier.headers["set-cookie"]]


def clear_cookie(request: Request, name: str) -> None:
    set_cookie(request, name, "", max_age=0)


async def signed_in(request: Request) -> Signed | None:
    """The session of the request's cookie (read once per request), complete or not."""
    if not hasattr(request.state, "signed"):
        token = request.cookies.get(session_cookie(), "")
        request.state.signed = await run_in_threadpool(sessions.session_of, token)
    signed: Signed | None = request.state.signed
    return signed


def start_session(request: Request, token: str) -> None:
    """Hand the browser a new session token (a fresh one on every sign-in step: no fixation)."""
    set_cookie(request, session_cookie(), token, max_age=settings.staff_session_hours * 3600)
    request.state.signed = sessions.session_of(token)


async def begin(request: Request, token: str) -> None:
    """``start_session`` from a handler (the session is read in a worker thread)."""
    await run_in_threadpool(start_session, request, token)


def end_session(request: Request) -> None:
    token = request.cookies.get(session_cookie(), "")
    if token:
        sessions.session_end(token)
    clear_cookie(request, session_cookie())
    request.state.signed = None


def presession(request: Request) -> str:
    """This browser's pre-sign-in value (made and queued on first use)."""
    value = getattr(request.state, "presession", "") or request.cookies.get(presession_cookie(), "")
    if len(value) < 32:
        value = secrets.token_urlsafe(32)
        set_cookie(request, presession_cookie(), value)
    request.state.presession = value
    return value


@cache
def _random_secret() -> bytes:
    return secrets.token_bytes(32)


def _presession_secret() -> bytes:
    return settings.staff_session_secret.encode() if settings.staff_session_secret else _random_secret()


def presession_owner(request: Request) -> str:
    """What a passkey challenge handed out before sign-in is bound to: a hash of this browser's value."""
    return hashlib.sha256(presession(request).encode()).hexdigest()


def csrf_token(request: Request) -> str:
    """The session's token once there is one; before, an HMAC of the pre-sign-in value."""
    signed: Signed | None = getattr(request.state, "signed", None)
    if signed is not None:
        return signed.session.csrf_token
    return hmac.new(_presession_secret(), presession(request).encode(), hashlib.sha256).hexdigest()


def check_csrf(request: Request, sent: object) -> None:
    expected = csrf_token(request)
    if not (isinstance(sent, str) and hmac.compare_digest(sent.encode(), expected.encode())):
        raise CsrfRefused()
