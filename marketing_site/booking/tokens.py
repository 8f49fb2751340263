"""Signed links to a visitor's booking pages, signed with BOOKING_TOKEN_SECRET (itsdangerous): the booking's
id for its page, the lead's id (another salt) for the page where a request without a time picks one.

The token is the only key to the page, so it is unguessable and dated: a changed, truncated or
foreign token is refused (TokenInvalid), an old one too (TokenExpired, after BOOKING_TOKEN_DAYS).
"""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from marketing_site.settings import settings

SALT = "demo-booking-manage"
PICK_SALT = "demo-request-pick"
PICK_PATH = "new"  # /booking/new/{token}: a demo request's page of free times
_secret = settings.booking_token_secret or secrets.token_urlsafe(32)  # dev: links die with the process


class TokenInvalid(Exception):
    """Not a token this site signed (mistyped, cut short, forged)."""


class TokenExpired(TokenInvalid):
    """Signed here, but older than BOOKING_TOKEN_DAYS."""


def signing_secret() -> str:
    """BOOKING_TOKEN_SECRET (or this process's random one in development): also signs the page's forms."""
    return _secret


def _serializer(salt: str = SALT) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_secret, salt=salt)


def booking_token(booking_id: int) -> str:
    return _serializer().dumps(booking_id)


def booking_id_from_token(token: str, salt: str = SALT) -> int:
    """The id the token was signed for (a booking's; a lead's with PICK_SALT); TokenExpired or TokenInvalid
    otherwise."""
    try:
        signed_id = _serializer(salt).loads(token, max_age=settings.booking_token_days * 86400)
    except SignatureExpired:
        raise TokenExpired() from None
    except (BadSignature, ValueError, TypeError):
        raise TokenInvalid() from None
    if not isinstance(signed_id, int) or isinstance(signed_id, bool):
        raise TokenInvalid()
    return signed_id


def lead_id_from_token(token: str) -> int:
    return booking_id_from_token(token, PICK_SALT)


def manage_url(booking_id: int) -> str:
    """The visitor's page for rescheduling or cancelling, as written into their mails."""
    return f"{settings.booking_url}/{booking_token(booking_id)}"


def pick_token(lead_id: int) -> str:
    return _serializer(PICK_SALT).dumps(lead_id)


def pick_url(lead_id: int) -> str:
    """The page where a demo request without a time picks a free one, as written into its confirmation."""
    return f"{settings.booking_url}/{PICK_PATH}/{pick_token(lead_id)}"
