"""Who is signed in, and the guards every staff route passes: session, CSRF token, sign-in throttle.

The session lives in Starlette's signed cookie (HttpOnly, SameSite=Strict, Secure in production, path
/admin), re-signed on every answer and refused once older than STAFF_IDLE_MINUTES: an idle timeout.
Forms that change data carry the session's CSRF token; a POST without it is refused before any work.
Failed sign-ins are counted per account and per address in the lead rate limiter's store (Redis when
configured, so every worker shares the count).
"""

from __future__ import annotations

import hmac
import secrets

from starlette.requests import Request

from marketing_site.admin import users
from marketing_site.leads import antispam
from marketing_site.leads.models import StaffUser
from marketing_site.settings import settings

SIGNIN_WINDOW_SECONDS = 15 * 60
CSRF_FIELD = "csrf_token"
_signin_limiter: antispam.RateLimiter | None = None


class CsrfRefused(PermissionError):
    """A form that changes data arrived without this session's token."""


def signin_limiter() -> antispam.RateLimiter:
    global _signin_limiter
    if _signin_limiter is None:
        limit = settings.staff_signin_attempts
        _signin_limiter = (antispam.RedisRateLimiter(antispam.connect_redis(settings.redis_url), limit,
                                                     SIGNIN_WINDOW_SECONDS, prefix="staff:signin")
                           if settings.redis_url else antispam.MemoryRateLimiter(limit, SIGNIN_WINDOW_SECONDS))
    return _signin_limiter


def use_signin_limiter(limiter: antispam.RateLimiter | None) -> None:
    """Replace the limiter (tests); None rebuilds it from settings."""
    global _signin_limiter
    _signin_limiter = limiter


def signin_allowed(email: str, address: str) -> bool:
    """Record one attempt for the account and one for the address; False once either used its quota."""
    limiter = signin_limiter()
    by_account = limiter.allow(f"account:{users.normalised_email(email)}")
    by_address = limiter.allow(f"address:{address}")
    return by_account and by_address


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
