"""Who is signed in, and the guards every staff route passes: the session and its CSRF token.

The session lives in Starlette's signed cookie (HttpOnly, SameSite=Strict, Secure in production, path
/admin), re-signed on every answer and refused once older than STAFF_IDLE_MINUTES: an idle timeout.
Forms that change data carry the session's CSRF token; a POST without it is refused before any work.
Failed sign-ins are counted in ``signin_throttle``.
"""

from __future__ import annotations

import hmac
import secrets

from starlette.requests import Request

from marketing_site.admin import users
from marketing_site.staff.models import StaffUser

CSRF_FIELD = "csrf_token"


class CsrfRefused(PermissionError):
    """A form that changes data arrived without this session's token."""


def sign_in(request: Request, user: StaffUser) -> None:
    request.session.clear()  # a new session id for the new identity (no fixation)
    request.session.update({"user_id": user.id, "csrf": secrets.token_urlsafe(32)})


def sign_out(request: Request) -> None:
    request.session.clear()


def current_user(request: Request) -> StaffUser | None:
    user_id = request.session.get("user_id")
    return users.staff_user(user_id) if isinstance(user_id, int) else None


def csrf_token(request: Request) -> str:
    if "csrf" not in request.session:
        request.session["csrf"] = secrets.token_urlsafe(32)
    return request.session["csrf"]


def check_csrf(request: Request, sent: object) -> None:
    expected = request.session.get("csrf")
    if not (isinstance(sent, str) and expected and hmac.compare_digest(sent, expected)):
        raise CsrfRefused()
