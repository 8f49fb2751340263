"""The signed links of a visitor's booking pages (booking/tokens.py): a booking's link opens only that booking, a
request's pick link only that request's page (and neither opens the other), each lives BOOKING_TOKEN_DAYS to the
second, and a token signed for anything but a whole id is refused."""

from __future__ import annotations

import time

import pytest
from itsdangerous import URLSafeTimedSerializer

from marketing_site.booking import tokens
from marketing_site.booking.tokens import TokenExpired, TokenInvalid
from marketing_site.settings import settings

LIFETIME = settings.booking_token_days * 86400  # seconds


def test_a_booking_link_and_a_pick_link_each_open_only_their_own_page():
    booking_link, pick_link = tokens.manage_url(42), tokens.pick_url(42)
    assert booking_link.startswith(f"{settings.booking_url}/") and pick_link.startswith(f"{settings.booking_url}/new/")
    booking_token, pick_token = booking_link.rsplit("/", 1)[1], pick_link.rsplit("/", 1)[1]
    assert (tokens.booking_id_from_token(booking_token), tokens.lead_id_from_token(pick_token)) == (42, 42)
    with pytest.raises(TokenInvalid):
        tokens.lead_id_from_token(booking_token)
    with pytest.raises(TokenInvalid):
        tokens.booking_id_from_token(pick_token)


def signed_ago(seconds: int, monkeypatch) -> str:
    then = time.time() - seconds
    with monkeypatch.context() as past:
        past.setattr("itsdangerous.timed.time.time", lambda: then)
        return tokens.booking_token(7)


def test_a_link_lives_its_days_to_the_second(monkeypatch):
    assert tokens.booking_id_from_token(signed_ago(LIFETIME - 5, monkeypatch)) == 7
    with pytest.raises(TokenExpired):
        tokens.booking_id_from_token(signed_ago(LIFETIME + 5, monkeypatch))


@pytest.mark.parametrize("signed", [True, "7", 7.0, None, [7]])
def test_a_token_signed_for_anything_but_a_whole_id_is_refused(signed):
    token = URLSafeTimedSerializer(tokens.signing_secret(), salt=tokens.SALT).dumps(signed)
    with pytest.raises(TokenInvalid) as refused:
        tokens.booking_id_from_token(token)
    assert type(refused.value) is TokenInvalid


@pytest.mark.parametrize(
    "mangle",
    [lambda _token: "", lambda _token: "7", lambda _token: "not.a.token", lambda token: token[:-2]],
    ids=["empty", "a number", "not a token", "cut short"],
)
def test_a_mistyped_or_cut_token_is_invalid_not_expired(mangle):
    with pytest.raises(TokenInvalid) as refused:
        tokens.booking_id_from_token(mangle(tokens.booking_token(7)))
    assert type(refused.value) is TokenInvalid
