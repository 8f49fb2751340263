"""A lead form's start, signed into its page: when the form was opened and its Idempotency-Key.

A form's state lives in Redis (in a worker's memory while Redis is away), and a switch between the two, or
Redis restarted empty, loses it: the submission then looked instantly fast (the time trap quarantined a
human) and carried a new key (a retry could store the lead twice). The page keeps this token from the
form's start and posts it with the fields, so both hold whatever store answers. It is signed with
STAFF_SESSION_SECRET (salted for this use), so a bot cannot claim an earlier start; replaying one only
replays its lead (same key).
"""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

from marketing_site.core.clock import timestamp
from marketing_site.settings import settings

SALT = "lead-form-start"
MAX_AGE_SECONDS = 24 * 3600  # a form left open overnight starts again
EARLY_START_LIMIT_SECONDS = 600.0  # how far back a form typed in before its page's scripts ran may start
_secret = settings.staff_session_secret or secrets.token_urlsafe(32)  # dev: one worker, random per start


def began(now: float, shown_seconds: object) -> float:
    """When a form typed in before its page's scripts ran (a slow phone) began: when its page was shown, by
    the browser's count, at most ten minutes back (a count that is not a number: now). A bot forging the
    count gains what waiting that long would; the honeypot and the rate limit still hold it."""
    if isinstance(shown_seconds, bool) or not isinstance(shown_seconds, int | float) or shown_seconds != shown_seconds:
        return now
    return now - min(max(float(shown_seconds), 0.0), EARLY_START_LIMIT_SECONDS)


class _ClockSigner(TimestampSigner):
    """Signs and ages a start by core/clock, as the time trap reads it (a moved clock moves both)."""

    def get_timestamp(self) -> int:
        return int(timestamp())


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_secret, salt=SALT, signer=_ClockSigner)


def start_token(kind: str, started_at: float, idempotency_key: str) -> str:
    return _serializer().dumps([kind, started_at, idempotency_key])


def read_start(token: object, kind: str) -> tuple[float, str] | None:
    """(started_at, idempotency key) signed for a form of ``kind``; None for none, a forged, an expired or
    another form's token."""
    try:
        signed = _serializer().loads(str(token or ""), max_age=MAX_AGE_SECONDS)
    except (BadSignature, ValueError, TypeError):
        return None
    match signed:
        case [str(signed_kind), float() | int() as started_at, str(key)] if signed_kind == kind and key:
            return float(started_at), key
    return None
