"""Signed links to a visitor's booking page: the booking's id signed with BOOKING_TOKEN_SECRET (itsdangerous).

The token is the only key to the page, so it is unguessable and dated: a changed, truncated or
foreign token is refused (TokenInvalid), an old one too (TokenExpired, after BOOKING_TOKEN_DAYS).
"""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from marketing_site.settings import settings

SALT = "demo-booking-manage"
_secret = settings.booking_token_secret or secrets.token_urlsafe(32)  # dev: links die with the process


class TokenInvalid(Exception):
    """Not a token this site signed (mistyped, cut short, forged)."""


class TokenExpired(TokenInvalid):
    """Signed here, but older than BOOKING_TOKEN_DAYS."""


def signing_secret() -> str:
    """BOOKING_TOKEN_SECRET (or this process's random one in development): also signs the page's forms."""
    return _secret


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_secret, salt=SALT)


def booking_token(booking_id: int) -> str:
    return _serializer().dumps(booking_id)


def booking_id_from_token(token: str) -> int:
    """The booking id the token was signed for; TokenExpired or TokenInvalid otherwise."""
    try:
        booking_id = _serializer().loads(token, max_age=settings.booking_token_days * 86400)
    except SignatureExpired:
        raise TokenExpired() from None
    except (BadSignature, ValueError, TypeError):
        raise TokenInvalid() from None
    if not isinstance(booking_id, int) or isinstance(booking_id, bool):
        raise TokenInvalid()
    return booking_id


def manage_url(booking_id: int) -> str:
    """The visitor's page for rescheduling or cancelling, as written into their mails."""
    return f"{settings.booking_url}/{booking_token(booking_id)}"
