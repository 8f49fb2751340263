"""The visitor's booking page in-process: looking changes nothing, moving and cancelling are POSTs with the
page's signed form, bad or old links get a clear page, and the page speaks the lead's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hosts import add_booking, add_host, add_lead, every_day, round_the_clock_slots, set_rules
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer
from sqlalchemy import func, select
from starlette.testclient import TestClient

from marketing_site.booking import service, tokens
from marketing_site.booking.errors import BookingNotFound
from marketing_site.booking.slots import parse_slot_id, slot_id
from marketing_site.booking.when import day_name
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.mail.models import OutboxMail
from marketing_site.web.html.booking_pages import build_booking_pages

UTC = UTC
TAKEN = "Sorry, that time was just taken. Please choose another: here are the next free times."


@pytest.fixture
def client():
    """An app per test: its POST handlers are made when it is built (see build_booking_pages)."""
    with TestClient(build_booking_pages(), follow_redirects=False) as http:
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
    assert "Times are shown in your time zone, Asia/Karachi." in page.text and 'role="alert"' not in page.text
    question = client.get(url + "/cancel")  # the confirmation step is a page too: looking cancels nothing
    assert question.status_code == 200 and 'action="' + url + '/cancel"' in question.text
    assert state(booking_id) == before


def test_an_arabic_visitor_gets_the_page_right_to_left(client, ahead):
    _, url = book(ahead[0], language="ar")
    page = client.get(url)
    assert '<html lang="ar" dir="rtl">' in page.text and "ألغِ عرضي التوضيحي" in page.text
    assert 'href="http://localhost:3000/ar"' in page.text and 'href="http://localhost:3000/"' not in page.text


@pytest.mark.parametrize(
    "mangle",
    [
        lambda token: token[:-2],
        lambda token: token + "x",
        lambda _token: "garbage",
        lambda _token: URLSafeTimedSerializer("another-secret", salt=tokens.SALT).dumps(1),
    ],
)
def test_a_bad_link_gets_a_clear_page_and_changes_nothing(client, ahead, mangle):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    token, pick = url.rsplit("/", 1)[1], tokens.pick_token(add_lead())
    for answer in (
        client.get(f"/booking/{mangle(token)}"),
        client.get(f"/booking/{mangle(token)}/cancel"),
        client.post(f"/booking/{mangle(token)}/cancel"),
        client.post(f"/booking/{mangle(token)}/reschedule", data={"slot": ahead[1]}),
        client.post(f"/booking/new/{mangle(pick)}/book", data={"slot": ahead[1], "tz": "UTC"}),
    ):
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
    assert answer.status_code == 409 and state(booking_id) == before
    offer = answer.text.split(f"<legend>{TAKEN}</legend>")[1].split("</form>")[0]  # next to the message
    assert f'value="{ahead[3]}"' in offer and f'value="{ahead[2]}"' not in offer
    assert f'<p class="error" role="alert">{TAKEN}</p>' in answer.text


def test_cancelling_asks_first_and_only_the_confirmation_cancels(client, ahead):
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    page_form = form_token(client.get(url).text)
    asked = client.post(url + "/cancel", data={"form_token": page_form})  # an old page's one-click form
    assert asked.status_code == 200 and "Do you want to cancel your demo on" in asked.text
    when = re.search(r"<dt>When</dt><dd>(.*?)</dd>", client.get(url).text)[1]
    assert f"Do you want to cancel your demo on {when}?" in asked.text
    assert "We will tell Sana &lt;b&gt;Malik&lt;/b&gt; and send you a cancellation" in asked.text
    assert "No, keep my demo" in asked.text and f'href="{url}"' in asked.text and state(booking_id) == before
    question = client.get(url + "/cancel")
    answer = client.post(url + "/cancel", data={"form_token": form_token(question.text)})
    assert answer.status_code == 303 and answer.headers["location"] == url + "?done=cancelled"
    assert service.booking_get(booking_id).status == "cancelled"
    page = client.get(answer.headers["location"])
    assert "This demo is cancelled." in page.text and "We have sent you a cancellation" in page.text
    assert 'action="' + url + '/rebook"' in page.text and 'href="http://localhost:3000/"' in page.text
    assert 'action="' + url + '/cancel"' not in page.text and 'href="' + url + '/cancel"' not in page.text
    nothing_left = client.get(url + "/cancel")
    assert (nothing_left.status_code, nothing_left.headers["location"]) == (303, url)


def test_after_a_cancellation_the_page_books_again_with_its_host_first_and_another_host_where_they_are_busy(
    client, ahead
):
    """Issue 33: booking again keeps the host whenever they are free (Cal.com reschedules with the same host);
    at a time they are not, another host's is offered, and booking it is a new calendar event."""
    # The page offers the rest of the visitor's day first (Karachi, UTC+5): late in the UTC evening one slot is
    # left of it, and this test books three. It runs at a morning.
    with frozen(datetime.now(UTC).replace(hour=6, minute=0, second=0, microsecond=0)):
        booking_id, url = book(ahead[0])
        client.post(url + "/cancel", data={"form_token": form_token(client.get(url + "/cancel").text)})
        cancelled = service.booking_get(booking_id)
        every_host = round_the_clock_slots("Omar Saeed")  # another host, free at the same times
        omar = max(parse_slot_id(slot)[0] for slot in every_host)  # the host added last
        page = client.get(url)
        offered = re.findall(r'name="slot" value="([^"]+)"', page.text)
        assert offered and {parse_slot_id(slot)[0] for slot in offered} == {cancelled.host_id}
        busy = offered[1]
        service.book_for_lead(add_lead(email="other@school.example"), busy, "UTC")  # the host is taken then
        page = client.get(url)
        instead = slot_id(omar, parse_slot_id(busy)[1])
        starts = [parse_slot_id(slot)[1] for slot in re.findall(r'name="slot" value="([^"]+)"', page.text)]
        assert f'value="{instead}"' in page.text and len(starts) == len(set(starts))  # each free time once
        answer = client.post(url + "/rebook", data={"form_token": form_token(page.text), "slot": instead})
        assert answer.status_code == 303 and answer.headers["location"] == url + "?done=booked"
        booked = service.booking_get(booking_id)
        assert (booked.status, booked.slot_id, booked.host_name) == ("booked", instead, "Omar Saeed")
        assert booked.uid != cancelled.uid and booked.sequence == cancelled.sequence + 1
        assert (
            "Your demo is booked. We have sent you the calendar invitation."
            in client.get(answer.headers["location"]).text
        )
        again = client.post(url + "/rebook", data={"form_token": form_token(page.text), "slot": offered[2]})
        assert again.status_code == 409 and service.booking_get(booking_id).slot_id == instead


def test_the_page_offers_a_week_of_days_then_the_times_of_the_day_chosen(client, ahead):
    """Issue 33: not every free time of a week at once (over 100 buttons), but the days, then one day's times."""
    _, url = book(ahead[0])
    page = client.get(url).text
    days = re.findall(r'<a href="([^"]+&amp;day=(\d{4}-\d\d-\d\d))"( aria-current="date")?>', page)
    assert len(days) >= 5 and [chosen for _, _, chosen in days].count(' aria-current="date"') == 1
    karachi = ZoneInfo("Asia/Karachi")  # the visitor's zone (``book``): a day of theirs spans two UTC dates
    shown = {
        parse_slot_id(slot)[1].astimezone(karachi).date() for slot in re.findall(r'name="slot" value="([^"]+)"', page)
    }
    assert len(shown) == 1 and len(re.findall(r'name="slot"', page)) <= 48  # one day's times
    link, day = days[2][0], days[2][1]
    other_day = client.get(link.replace("&amp;", "&")).text
    assert 'aria-current="date"' in other_day.split(f"day={day}")[1][:30]
    legend = re.search(r"<legend>([^<]+)</legend>", other_day)[1]
    assert legend.split()[1] == str(int(day[-2:]))  # "Thursday 4 March 2027": that day's times
    assert client.get(f"{url}?day=not-a-day").text.count('aria-current="date"') == 1  # a bad day: the first


def test_a_request_without_a_time_picks_one_from_the_link_in_its_mail(client, ahead):
    lead_id = add_lead(language="ar")
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    page = client.get(link + "?tz=Asia/Karachi")
    assert page.status_code == 200 and '<html lang="ar" dir="rtl">' in page.text
    assert '<option value="Asia/Karachi" selected>توقيت باكستان</option>' in page.text
    chosen = re.findall(r'name="slot" value="([^"]+)"', page.text)[-1]  # not one starting within the second
    forged = client.post(link + "/book", data={"form_token": "forged", "slot": chosen, "tz": "Asia/Karachi"})
    assert forged.status_code == 404
    answer = client.post(
        link + "/book", data={"form_token": form_token(page.text), "slot": chosen, "tz": "Asia/Karachi"}
    )
    booking = service.booking_of_lead(lead_id)
    assert answer.status_code == 303 and answer.headers["location"].endswith("?done=booked")
    assert (booking.slot_id, booking.visitor_time_zone) == (chosen, "Asia/Karachi")
    again = client.get(link)
    # Both links name the same booking; each is signed at its own second, so on a busy machine the two
    # strings may differ in their timestamp.
    assert again.status_code == 303 and again.headers["location"].startswith("/booking/")
    assert {
        tokens.booking_id_from_token(location.removeprefix("/booking/").removesuffix("?done=booked"))
        for location in (again.headers["location"], answer.headers["location"])
    } == {booking.id}
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


def test_a_bad_link_speaks_the_language_the_browser_asks_for(client):
    """No booking to take the language from: the problem page follows Accept-Language."""
    answer = client.get("/booking/garbage", headers={"Accept-Language": "ar-OM,ar;q=0.9,en;q=0.5"})
    assert answer.status_code == 404 and '<html lang="ar" dir="rtl">' in answer.text
    assert "هذا الرابط غير صالح. يرجى فتح الرابط الوارد في أحدث رسالة حجز وصلتك." in answer.text


def test_a_link_to_a_demo_or_request_that_no_longer_exists_says_so(client):
    """A link signed here for a demo (or a request) that was removed: not 'invalid', but gone; 409."""
    gone = f"/booking/{tokens.booking_token(10**9)}"
    for answer in (client.get(gone), client.get(gone + "/cancel"), client.post(gone + "/cancel")):
        assert answer.status_code == 409 and "This link is not valid" not in answer.text
        assert "We could not find this demo. It may have been removed; you are welcome to book a new one." in (
            answer.text
        )
    no_request = f"/booking/new/{tokens.pick_token(10**9)}"
    for answer in (client.get(no_request), client.post(no_request + "/book", data={"tz": "UTC"})):
        assert answer.status_code == 409
        assert "We could not find your request. Please fill in the form again." in answer.text


def test_an_arabic_visitors_refused_forms_are_answered_in_arabic(client, ahead):
    """The booking's (the lead's) language, not the browser's: a forged form, an out-of-date page, a taken time."""
    booking_id, url = book(ahead[0], language="ar")
    before = state(booking_id)
    forged = client.post(url + "/cancel", data={"form_token": "forged"})
    assert forged.status_code == 404 and '<html lang="ar" dir="rtl">' in forged.text
    assert "هذا الرابط غير صالح." in forged.text
    old_form = form_token(client.get(url).text)
    client.post(url + "/reschedule", data={"form_token": old_form, "slot": ahead[3]})
    stale = client.post(url + "/reschedule", data={"form_token": old_form, "slot": ahead[5]})
    assert stale.status_code == 409 and "تغيّر هذا العرض التوضيحي في هذه الأثناء." in stale.text
    lead_id = add_lead(language="ar")
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    pick_form = form_token(client.get(link).text)
    forged = client.post(link + "/book", data={"form_token": "forged", "slot": ahead[5], "tz": "UTC"})
    assert forged.status_code == 404 and "هذا الرابط غير صالح." in forged.text
    taken = client.post(link + "/book", data={"form_token": pick_form, "slot": ahead[3], "tz": "UTC"})
    assert taken.status_code == 409 and "عذرًا، حُجز هذا الموعد للتوّ." in taken.text
    assert service.booking_get(booking_id).slot_id == ahead[3] and before[0] == "booked"


def signed_form(payload: object, salt: str | None = "demo-booking-form") -> str:
    """A form token signed with the site's own secret, as no page of the site renders it."""
    return URLSafeSerializer(tokens.signing_secret(), salt=salt).dumps(payload)


@pytest.mark.parametrize(
    "payload",
    [
        lambda booking_id: booking_id,  # not a list
        lambda booking_id: [booking_id],  # no sequence
        lambda booking_id: [booking_id, "0"],  # a sequence that is not a number
        lambda booking_id: [booking_id + 1, 0],  # another booking's page
        lambda booking_id: [booking_id, 0, "move"],  # another step
        lambda booking_id: ["lead", booking_id],  # a pick page's form
    ],
)
def test_a_form_token_no_page_of_this_booking_rendered_is_refused(client, ahead, payload):
    """Signed by the site but not by this booking's page: a clear 404 (never a 500), and nothing changes."""
    booking_id, url = book(ahead[0])
    before = state(booking_id)
    assert service.booking_get(booking_id).sequence == 0
    token = signed_form(payload(booking_id))
    for action, form in (("/reschedule", {"slot": ahead[3]}), ("/cancel", {}), ("/rebook", {"slot": ahead[3]})):
        answer = client.post(url + action, data={"form_token": token, **form})
        assert answer.status_code == 404 and "This link is not valid." in answer.text
    other_salt = signed_form([booking_id, 0], None)  # the page's very payload, under another salt
    other_salt = client.post(url + "/reschedule", data={"form_token": other_salt, "slot": ahead[3]})
    assert other_salt.status_code == 404 and state(booking_id) == before


def test_a_pick_form_books_only_for_the_request_whose_page_showed_it(client, ahead):
    """Another request's form, or one signed by the site for another purpose (another salt), books nothing."""
    shown_to, other = add_lead(), add_lead()
    others_form = form_token(client.get(f"/booking/new/{tokens.pick_token(other)}").text)
    link = f"/booking/new/{tokens.pick_token(shown_to)}"
    default_salt = URLSafeSerializer(tokens.signing_secret()).dumps(["lead", shown_to])
    for token in (others_form, signed_form(["lead", shown_to], None), default_salt):
        answer = client.post(link + "/book", data={"form_token": token, "slot": ahead[0], "tz": "UTC"})
        assert answer.status_code == 404 and "This link is not valid." in answer.text
    with pytest.raises(BookingNotFound):
        service.booking_of_lead(shown_to)


@pytest.mark.parametrize(
    ("country", "zone"),
    [("Pakistan", "Asia/Karachi"), ("United States", "UTC"), ("Atlantis", "UTC"), (None, "UTC")],
)
def test_the_pick_page_first_shows_times_in_the_zone_of_the_visitors_country(client, ahead, country, zone):
    """A country with one zone gives it; several zones, an unknown country or none give UTC."""
    link = f"/booking/new/{tokens.pick_token(add_lead(country=country))}"
    page = client.get(link)
    assert page.status_code == 200 and f'<input type="hidden" name="tz" value="{zone}">' in page.text
    assert f'href="{link}?tz={zone}&amp;from=' in page.text
    assert f'<form method="get" action="{link}"' in page.text and f'action="{link}/book"' in page.text
    assert ('<option value="Asia/Karachi" selected>' in page.text) == (zone == "Asia/Karachi")
    assert 'role="alert"' not in page.text


def test_a_pick_form_without_a_known_zone_books_in_utc(client, ahead):
    lead_id = add_lead()
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    page = client.get(link)
    form = {"form_token": form_token(page.text), "slot": ahead[0], "tz": "Mars/Base"}  # no zone of the list
    answer = client.post(link + "/book", data=form)
    assert answer.status_code == 303 and service.booking_of_lead(lead_id).visitor_time_zone == "UTC"


def test_a_time_taken_meanwhile_on_the_pick_page_says_so_and_shows_that_days_other_times_in_the_visitors_zone(
    client, ahead
):
    """Whatever the weekday: the page shown again keeps the zone the visitor chose (not the one of their country)
    and shows the day of the time they tried, so the next free time that day is one click away."""
    lead_id = add_lead(country="PK")
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    page = client.get(link + "?tz=Asia/Muscat")
    book(ahead[0])  # someone else is quicker
    tried = {"form_token": form_token(page.text), "slot": ahead[0], "tz": "Asia/Muscat"}
    answer = client.post(link + "/book", data=tried)
    assert answer.status_code == 409 and f'<p class="error" role="alert">{TAKEN}</p>' in answer.text
    assert f'action="{link}/book"' in answer.text and '<option value="Asia/Muscat" selected>' in answer.text
    offered = re.findall(r'name="slot" value="([^"]+)"', answer.text)
    muscat_day = parse_slot_id(ahead[0])[1].astimezone(ZoneInfo("Asia/Muscat")).date()
    assert re.search(r"<legend>([^<]+)</legend>", answer.text)[1] == day_name(muscat_day, "en")
    assert ahead[1] in offered and ahead[0] not in offered
    with pytest.raises(BookingNotFound):
        service.booking_of_lead(lead_id)


def test_posting_the_pick_page_again_after_booking_leads_to_the_booking(client, ahead):
    """The old page's form, sent again (a second click, the back button): the booking's page, nothing booked."""
    lead_id = add_lead()
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    form = {"form_token": form_token(client.get(link).text), "tz": "UTC"}
    client.post(link + "/book", data={**form, "slot": ahead[0]})
    booking = service.booking_of_lead(lead_id)
    again = client.post(link + "/book", data={**form, "slot": ahead[2]})
    # The token is signed with the second it was made in, so the page's own link is compared by what it opens.
    where, _, token = again.headers["location"].rpartition("/")
    assert (again.status_code, where, tokens.booking_id_from_token(token)) == (303, "/booking", booking.id)
    assert service.booking_of_lead(lead_id).slot_id == ahead[0]


def test_a_lead_in_a_language_the_site_no_longer_speaks_gets_english_pages(client, ahead):
    lead_id = add_lead(language="fr")
    link = f"/booking/new/{tokens.pick_token(lead_id)}"
    page = client.get(link)
    assert page.status_code == 200 and '<html lang="en" dir="ltr">' in page.text
    client.post(link + "/book", data={"form_token": form_token(page.text), "slot": ahead[0], "tz": "UTC"})
    url = f"/booking/{tokens.booking_token(service.booking_of_lead(lead_id).id)}"
    for answer in (client.get(url), client.get(url + "/cancel")):
        assert answer.status_code == 200 and '<html lang="en" dir="ltr">' in answer.text


def test_an_old_pages_rebook_form_is_refused_once_the_demo_was_booked_and_cancelled_again(client, ahead):
    booking_id, url = book(ahead[0])

    def cancel() -> None:
        client.post(url + "/cancel", data={"form_token": form_token(client.get(url + "/cancel").text)})

    cancel()
    old_page = form_token(client.get(url).text)
    client.post(url + "/rebook", data={"form_token": old_page, "slot": ahead[2]})
    cancel()
    before = state(booking_id)
    stale = client.post(url + "/rebook", data={"form_token": old_page, "slot": ahead[4]})
    assert stale.status_code == 409 and "changed in the meantime" in stale.text and state(booking_id) == before


def test_a_booked_demo_offers_only_its_own_hosts_other_times(client, ahead):
    """Moving keeps the host; another host's free times (here at the same hours) are not offered."""
    booking_id, url = book(ahead[0])
    others = round_the_clock_slots("Omar Saeed")
    host_id = service.booking_get(booking_id).host_id
    offered = re.findall(r'name="slot" value="([^"]+)"', client.get(url).text)
    assert offered and {parse_slot_id(slot)[0] for slot in offered} == {host_id}
    assert {parse_slot_id(slot)[0] for slot in others} > {host_id}


MONDAY_EVENING = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)  # already Tuesday 2 March in Karachi


@pytest.fixture
def host_on_monday_evening():
    """A host free around the clock, with the clock at MONDAY_EVENING."""
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=48)
    host = add_host("Sana Malik", "UTC", "ZZ", every_day(0, 24 * 60))
    with frozen(MONDAY_EVENING):
        yield host


def test_the_booking_page_pages_through_weeks_from_the_visitors_today(client, host_on_monday_evening):
    """Weeks start on the visitor's own today (Tuesday in Karachi while Monday in UTC); earlier never goes before it."""
    booking = service.book_for_lead(
        add_lead(), slot_id(host_on_monday_evening, datetime(2027, 3, 3, 10, tzinfo=UTC)), "Asia/Karachi"
    )
    url = f"/booking/{tokens.booking_token(booking.id)}"
    this_week = client.get(url).text
    assert f'href="{url}?from=2027-03-09">Later days</a>' in this_week and "Earlier days" not in this_week
    assert "<legend>Tuesday 2 March 2027</legend>" in this_week
    for asked, first, earlier, later in (
        ("2027-03-09", "Tuesday 9 March 2027", "2027-03-02", "2027-03-16"),
        ("2027-03-05", "Friday 5 March 2027", "2027-03-02", "2027-03-12"),
    ):
        week = client.get(f"{url}?from={asked}").text
        assert f"<legend>{first}</legend>" in week and "<legend>Monday 1 March 2027</legend>" not in week
        assert f'href="{url}?from={earlier}">Earlier days</a>' in week and f'href="{url}?from={later}">' in week
    for unreadable_or_past in ("next-week", "2027-02-01"):
        assert client.get(f"{url}?from={unreadable_or_past}").text == this_week


def test_the_pick_page_pages_through_weeks_in_the_chosen_zone(client, host_on_monday_evening):
    link = f"/booking/new/{tokens.pick_token(add_lead())}"
    this_week = client.get(f"{link}?tz=Asia/Karachi").text
    assert f'href="{link}?tz=Asia/Karachi&amp;from=2027-03-09">Later days</a>' in this_week
    later = client.get(f"{link}?tz=Asia/Karachi&from=2027-03-09").text
    assert "<legend>Tuesday 9 March 2027</legend>" in later and "<legend>Tuesday 2 March 2027</legend>" not in later
    assert f'href="{link}?tz=Asia/Karachi&amp;from=2027-03-02">Earlier days</a>' in later
