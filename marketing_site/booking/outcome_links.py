"""The host's one-click links that mark a demo held or no-show, in the mails at the demo's end and a working
day later (``outcome_mails``), signed with BOOKING_TOKEN_SECRET under a salt of their own.

A link is single-purpose: it names one booking, the SEQUENCE of the demo it was written for (a demo moved
since is another occasion, and the old link is refused) and one outcome, and it ends at a time it carries
itself (DEMO_OUTCOME_LINK_DAYS after its mail is due), read against the application's clock. That it is
used once is the booking's business: its first outcome is its last (``outcomes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from itsdangerous import BadSignature, URLSafeSerializer

from marketing_site.booking.models import BookingStatus
from marketing_site.booking.tokens import TokenExpired, TokenInvalid, signing_secret
from marketing_site.core.clock import utc_now
from marketing_site.settings import settings

SALT = "demo-outcome"
PATH = "demo-outcome"  # /admin/demo-outcome/{token}: the staff area's page of the link
OUTCOMES = (BookingStatus.HELD, BookingStatus.NO_SHOW)


@dataclass(frozen=True)
class OutcomeLink:
    """What a link was signed for."""

    booking_id: int
    sequence: int
    outcome: BookingStatus


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(signing_secret(), salt=SALT)


def outcome_token(booking_id: int, sequence: int, outcome: BookingStatus, usable_from: datetime) -> str:
    expires = usable_from + timedelta(days=settings.demo_outcome_link_days)
    return str(_serializer().dumps([booking_id, sequence, outcome.value, int(expires.timestamp())]))


def outcome_url(booking_id: int, sequence: int, outcome: BookingStatus, usable_from: datetime) -> str:
    return f"{settings.staff_url}/{PATH}/{outcome_token(booking_id, sequence, outcome, usable_from)}"


def read(token: str) -> OutcomeLink:
    """What the token says; TokenInvalid for one this site did not sign (or of another purpose), TokenExpired
    for one past its end."""
    try:
        signed = _serializer().loads(token)
    except (BadSignature, ValueError, TypeError):
        raise TokenInvalid() from None
    if not (
        isinstance(signed, list)
        and len(signed) == 4
        and all(isinstance(part, int) and not isinstance(part, bool) for part in (signed[0], signed[1], signed[3]))
        and signed[2] in {outcome.value for outcome in OUTCOMES}
    ):
        raise TokenInvalid()
    booking_id, sequence, outcome, expires = signed
    if utc_now().timestamp() > expires:
        raise TokenExpired()
    return OutcomeLink(booking_id, sequence, BookingStatus(outcome))
