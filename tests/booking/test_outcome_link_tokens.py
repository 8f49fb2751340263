"""The host's one-click outcome links (``outcome_links``): a link at ``STAFF_URL/demo-outcome/<token>`` names one
booking, the SEQUENCE of the demo it was written for and one outcome (held or no-show), signed with
BOOKING_TOKEN_SECRET under the salt "demo-outcome"; it works until DEMO_OUTCOME_LINK_DAYS after its mail's time
(its last second included, on the application's clock). Anything else this site signed under that salt (another
shape, an id that is no whole number, an outcome that is none) is as invalid as a forged token."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from itsdangerous import URLSafeSerializer

from marketing_site.booking import outcome_links
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.outcome_links import OutcomeLink, outcome_token, outcome_url, read
from marketing_site.booking.tokens import TokenExpired, TokenInvalid, booking_token, signing_secret
from marketing_site.core.clock import frozen
from marketing_site.settings import settings

DUE = datetime(2027, 3, 4, 4, 30, tzinfo=UTC)
LAST_SECOND = DUE + timedelta(days=settings.demo_outcome_link_days)
ENDS_AT = int(LAST_SECOND.timestamp())


def signed(payload: object) -> str:
    """What this site would sign for an outcome link (its secret and salt), whatever ``payload`` is."""
    return URLSafeSerializer(signing_secret(), salt="demo-outcome").dumps(payload)


@pytest.mark.parametrize("outcome", [BookingStatus.HELD, BookingStatus.NO_SHOW])
def test_a_link_names_the_booking_its_occasion_and_one_outcome_and_ends_days_after_its_mail(outcome):
    url = outcome_url(42, 3, outcome, DUE)
    base, _, token = url.rpartition("/")
    assert base == f"{settings.staff_url}/demo-outcome"
    assert token == signed([42, 3, outcome.value, ENDS_AT]) == outcome_token(42, 3, outcome, DUE)
    with frozen(LAST_SECOND):
        assert read(token) == OutcomeLink(42, 3, outcome)
    with frozen(LAST_SECOND + timedelta(seconds=1)), pytest.raises(TokenExpired):
        read(token)


@pytest.mark.parametrize(
    "payload",
    [
        {"booking": 42, "sequence": 3, "outcome": "held", "expires": ENDS_AT},
        [42, 3, "held"],
        [42, 3, "held", ENDS_AT, 0],
        ["42", 3, "held", ENDS_AT],
        [42, "3", "held", ENDS_AT],
        [42, 3, "held", str(ENDS_AT)],
        [42, 3, "held", float(ENDS_AT)],
        [True, 3, "held", ENDS_AT],
        [42, False, "held", ENDS_AT],
        [42, 3, "held", True],
        [42, 3, "booked", ENDS_AT],
        [42, 3, "cancelled", ENDS_AT],
        [42, 3, "HELD", ENDS_AT],
        [42, 3, None, ENDS_AT],
    ],
)
def test_anything_else_signed_under_the_links_salt_is_invalid(payload):
    with frozen(DUE), pytest.raises(TokenInvalid):
        read(signed(payload))


@pytest.mark.parametrize(
    "token",
    [
        "",
        "not-a-token",
        booking_token(42),
        URLSafeSerializer(signing_secret(), salt="another-purpose").dumps([42, 3, "held", ENDS_AT]),
        URLSafeSerializer("not the site's secret", salt=outcome_links.SALT).dumps([42, 3, "held", ENDS_AT]),
    ],
    ids=["empty", "no token", "the visitor's page", "another salt", "another secret"],
)
def test_a_token_this_site_did_not_sign_for_an_outcome_is_invalid(token):
    with frozen(DUE), pytest.raises(TokenInvalid):
        read(token)
