"""The visitor's booking page in-process: looking changes nothing, moving and cancelling are POSTs with the
page's signed form, bad or old links get a clear page, and the page speaks the lead's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from hosts import add_booking, add_lead, round_the_clock_slots
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import func, select
from starlette.testclient import TestClient

from marketing_site.booking import service, tokens
from marketing_site.booking.manage import build_manage
from marketing_site.booking.slots import parse_slot_id
from marketing_site.core import db
from marketing_site.mail.models import OutboxMail

UTC = UTC


@pytest.fixture(scope="module")
def client():
    with TestClient(build_manage(), follow_redirects=False) as http:
        yield http


@pytest.fixture
def ahead() -> list[str]:
    """A host whose name carries markup, free around the clock; their free slots from tomorrow on."""
    return round_the_clock_slots("Sana <b>Malik</b>")


def book(slot: str, language: str = "en") -> tuple[int, str]:
    booking = service.book_for_lead(add_lead(language=language), slot, "Asia/Karachi")
    return booking.id, f"/booking/{tokens.booking_token(booking.id)}"


def form_token(page_html: str) -> str:
    return re.search(r'name="form_token" value="([^"]+)"', page_html)[1]


def state(booking_id: int) -> tuple:
    booking = service.booking_get(booking_id)
    with db.session() as db_session:
        mails = db_session.execute(
            select(func.count()).select_from(OutboxMail).where(OutboxMail.booking_id == booking_id)
        ).scalar_one()
    return booking.status, booking.sequence, booking.starts_at, mails


def test_the_page_shows_the_demo_in_the_visitors_zone_and_looking_changes_nothing(client, ahead):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    page = client.get(url)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    assert '<html lang="en" dir="ltr">' in page.text and "(Asia/Karachi, UTC+05:00)" in page.text
    assert "Sana &lt;b&gt;Malik&lt;/b&gt;" in page.text and "<b>Malik" not in page.text
    assert 'href="' + url + '/cancel"' in page.text and 'action="' + url + '/reschedule"' in page.text
    assert 'method="post"' in page.text and 'href="http://localhost:3000/"' in page.text  # the way back to the site
    question = client.get(url + "/cancel")  # the confirmation step is a page too: looking cancels nothing
    assert question.status_code == 200 and 'action="' + url + '/cancel"' in question.text
    assert state(booking_id) == before


def test_an_arabic_visitor_gets_the_page_right_to_left(client, ahead):
    _, url = book(ahead[0], language="ar")
    page = client.get(url)
    assert '<html lang="ar" dir="rtl">' in page.text and "ألغِ عرضي التوضيحي" in page.text


@pytest.mark.parametrize(
    "mangle",
    [
        lambda token: token[:-2],
        lambda token: token + "x",
        lambda token: "garbage",
        lambda token: URLSafeTimedSerializer("another-secret", salt=tokens.SALT).dumps(1),
    ],
)
def test_a_bad_link_gets_a_clear_page_and_changes_nothing(client, ahead, mangle):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    token = url.rsplit("/", 1)[1]
    for answer in (client.get(f"/booking/{mangle(token)}"), client.post(f"/booking/{mangle(token)}/cancel")):
        assert answer.status_code == 404 and "This link is not valid." in answer.text
    assert state(booking_id) == before


def test_an_expired_link_says_so_and_changes_nothing(client, ahead, monkeypatch):
    booking_id, _ = book(ahead[0])
    before = state(booking_id)
    with monkeypatch.context() as past:  # signed 91 days ago; BOOKING_TOKEN_DAYS is 90
        past.setattr("itsdangerous.timed.time.time", lambda: datetime.now(UTC).timestamp() - 91 * 86400)
        old = tokens.booking_token(booking_id)
    for answer in (client.get(f"/booking/{old}"), client.post(f"/booking/{old}/cancel")):
        assert answer.status_code == 410 and "This link has expired." in answer.text
    assert state(booking_id) == before


def test_a_post_without_the_pages_form_token_changes_nothing(client, ahead):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    for form in ({}, {"form_token": "forged"}):
        answer = client.post(url + "/cancel", data=form)
        assert answer.status_code == 404 and state(booking_id) == before


def test_moving_then_posting_the_old_page_again_is_refused(client, ahead):
    booking_id, url = book(ahead[0])
    old_form = form_token(client.get(url).text)
    old_confirmation = form_token(client.get(url + "/cancel").text)
    moved = client.post(url + "/reschedule", data={"form_token": old_form, "slot": ahead[3]})
    assert moved.status_code == 303 and moved.headers["location"] == url + "?done=moved"
    assert service.booking_get(booking_id).slot_id == ahead[3]
    assert "We have sent you an updated calendar invitation." in client.get(moved.headers["location"]).text
    before = state(booking_id)
    stale = client.post(url + "/cancel", data={"form_token": old_confirmation})
    assert stale.status_code == 409 and "changed in the meantime" in stale.text and state(booking_id) == before
    stale = client.post(url + "/reschedule", data={"form_token": old_form, "slot": ahead[5]})
    assert stale.status_code == 409 and "changed in the meantime" in stale.text and state(booking_id) == before


def test_moving_to_a_taken_time_offers_the_next_ones(client, ahead):
    book(ahead[2])
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    answer = client.post(url + "/reschedule", data={"form_token": form_token(client.get(url).text), "slot": ahead[2]})
    assert answer.status_code == 409 and "that time was just taken" in answer.text
    assert f'value="{ahead[3]}"' in answer.text and state(booking_id) == before


def test_cancelling_asks_first_and_only_the_confirmation_cancels(client, ahead):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    page_form = form_token(client.get(url).text)
    asked = client.post(url + "/cancel", data={"form_token": page_form})  # an old page's one-click form
    assert asked.status_code == 200 and "Do you want to cancel your demo on" in asked.text
    assert "No, keep my demo" in asked.text and f'href="{url}"' in asked.text and state(booking_id) == before
    question = client.get(url + "/cancel")
    answer = client.post(url + "/cancel", data={"form_token": form_token(question.text)})
    assert answer.status_code == 303 and answer.headers["location"] == url + "?done=cancelled"
    assert service.booking_get(booking_id).status == "cancelled"
    page = client.get(answer.headers["location"])
    assert "This demo is cancelled." in page.text and "We have sent you a cancellation" in page.text
    assert 'action="' + url + '/rebook"' in page.text and 'href="http://localhost:3000/"' in page.text
    assert 'action="' + url + '/cancel"' not in page.text and 'href="' + url + '/cancel"' not in page.text
    assert client.get(url + "/cancel").status_code == 303  # nothing left to cancel


def test_after_a_cancellation_the_page_books_a_free_time_of_any_host_as_a_new_event(client, ahead):
    booking_id, url = book(ahead[0])
    client.post(url + "/cancel", data={"form_token": form_token(client.get(url + "/cancel").text)})
    cancelled = service.booking_get(booking_id)
    every_host = round_the_clock_slots("Omar Saeed")  # another host: the cancelled demo's host need not be free
    omar = max(parse_slot_id(slot)[0] for slot in every_host)  # the host added last
    other_host = [slot for slot in every_host if parse_slot_id(slot)[0] == omar]
    page = client.get(url)
    assert f'value="{other_host[1]}"' in page.text
    answer = client.post(url + "/rebook", data={"form_token": form_token(page.text), "slot": other_host[1]})
    assert answer.status_code == 303 and answer.headers["location"] == url + "?done=booked"
    booked = service.booking_get(booking_id)
    assert (booked.status, booked.slot_id, booked.host_name) == ("booked", other_host[1], "Omar Saeed")
    assert booked.uid != cancelled.uid and booked.sequence == cancelled.sequence + 1
    assert (
        "Your demo is booked. We have sent you the calendar invitation." in client.get(answer.headers["location"]).text
    )
    again = client.post(url + "/rebook", data={"form_token": form_token(page.text), "slot": other_host[2]})
    assert again.status_code == 409 and service.booking_get(booking_id).slot_id == other_host[1]


def test_a_request_without_a_time_picks_one_from_the_link_in_its_mail(client, ahead):
    lead_id = add_lead(language="ar")
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    page = client.get(link + "?tz=Asia/Karachi")
    assert page.status_code == 200 and '<html lang="ar" dir="rtl">' in page.text
    assert '<option value="Asia/Karachi" selected>توقيت باكستان</option>' in page.text
    chosen = re.search(r'name="slot" value="([^"]+)"', page.text)[1]
    forged = client.post(link + "/book", data={"form_token": "forged", "slot": chosen, "tz": "Asia/Karachi"})
    assert forged.status_code == 404
    answer = client.post(
        link + "/book", data={"form_token": form_token(page.text), "slot": chosen, "tz": "Asia/Karachi"}
    )
    booking = service.booking_of_lead(lead_id)
    assert answer.status_code == 303 and answer.headers["location"].endswith("?done=booked")
    assert (booking.slot_id, booking.visitor_time_zone) == (chosen, "Asia/Karachi")
    assert client.get(link).headers["location"] == answer.headers["location"].removesuffix("?done=booked")
    for bad in (link[:-3], "/booking/new/" + tokens.booking_token(booking.id)):  # mangled, or another page's token
        assert client.get(bad).status_code == 404


def test_a_demo_that_took_place_can_no_longer_be_moved_or_cancelled_from_its_page(client, ahead):
    yesterday = datetime.now(UTC).replace(microsecond=0) - timedelta(days=1)
    booking_id = add_booking(
        service.booking_get(book(ahead[0])[0]).host_id, yesterday, yesterday + timedelta(minutes=30)
    )
    page = client.get(f"/booking/{tokens.booking_token(booking_id)}")
    assert (
        page.status_code == 200 and "This demo has already taken place." in page.text and "form_token" not in page.text
    )
