"""A salesperson moves or cancels a lead's demo from its page: the booking service's own path (the same
invitations as the visitor's link), the lead's activity names who did it, and a stale page changes nothing."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from booking.hosts import add_host, add_lead, clear_bookings, set_rules
from sqlalchemy import select
from staff_client import signed_in, token_of

from marketing_site.booking import service
from marketing_site.booking.slots import slot_id
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.models import Lead
from marketing_site.mail.models import OutboxMail

NOW = datetime(2031, 3, 3, 6, 0, tzinfo=UTC)  # Monday 10:00 in Muscat
TUESDAY_9 = datetime(2031, 3, 4, 5, 0, tzinfo=UTC)  # 09:00 in Muscat


@pytest.fixture
def booked(as_role):
    """A salesperson signed in, and a lead with a demo booked with a host in Muscat (Sunday to Thursday)."""
    clear_bookings()
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=60, horizon_days=30, daily_limit=6)
    host = add_host("Maryam", "Asia/Muscat", "OM", {day: [(9 * 60, 12 * 60)] for day in (0, 1, 2, 3, 6)})
    lead = add_lead()
    with frozen(NOW):  # signed in then too: a session's idle and absolute limits count on the same clock
        booking = service.book_for_lead(lead, slot_id(host, TUESDAY_9), "Asia/Karachi")
        browser, user = as_role("sales")
    return browser, user, host, lead, booking


def mails(booking_id: int) -> list[tuple[str, str | None]]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail.audience, OutboxMail.calendar_method)
                .where(OutboxMail.booking_id == booking_id, OutboxMail.calendar_method != "")
                .order_by(OutboxMail.id)
            ).all()
        )


def test_the_lead_page_offers_the_hosts_free_times_in_the_readers_zone_and_moves_the_demo(booked):
    browser, _, host, lead, booking = booked
    with frozen(NOW):
        page = browser.get(f"/admin/leads/{lead}").text
        assert "Tue 4 Mar, 09:00 (Muscat) to 09:30" in page and f'href="/admin/leads/{lead}/demo"' in page
        choices = browser.get(f"/admin/leads/{lead}/demo").text
        offered = re.findall(r'name="slot" value="([^"]+)" required>(\d\d:\d\d)', choices)
        wednesday = slot_id(host, TUESDAY_9 + timedelta(days=1, minutes=45))  # 09:45 on Wednesday in Muscat
        assert (wednesday, "09:45") in offered and slot_id(host, TUESDAY_9) not in dict(offered)
        assert "<legend>Fri 7 Mar</legend>" in choices and "No free time." in choices  # Oman's weekend
        moved = browser.post(
            f"/admin/leads/{lead}/demo/move",
            data={"slot": wednesday, "sequence": "0", "csrf_token": token_of(browser)},
        )
        assert moved.status_code == 303
        page = browser.get(moved.headers["location"]).text
    assert "Saved: the demo moved; visitor and host get the new invitation" in page
    assert "Wed 5 Mar, 09:45 (Muscat) to 10:15" in page
    assert "Demo moved to Wed 5 Mar, 09:45 (Muscat) by you" in page
    assert "Demo booked for Tue 4 Mar, 09:00 (Muscat) by the visitor" in page
    assert service.booking_get(booking.id).starts_at == TUESDAY_9 + timedelta(days=1, minutes=45)
    assert mails(booking.id)[-2:] == [("visitor", "REQUEST"), ("host", "REQUEST")]  # the same invitations


def test_a_salesperson_cancels_the_demo_and_the_lead_leaves_demo_booked(booked):
    browser, _, _, lead, booking = booked
    with frozen(NOW):
        one_tap = browser.post(  # issue 33: a cancel button no longer cancels at once; it asks first
            f"/admin/leads/{lead}/demo/cancel", data={"sequence": "0", "csrf_token": token_of(browser)}
        )
        assert one_tap.status_code == 200 and "Cancel the demo?" in one_tap.text
        assert service.booking_get(booking.id).status == "booked"
        question = browser.get(f"/admin/leads/{lead}/demo/cancel").text
        assert "Tue 4 Mar, 09:00 (Muscat) with <bdi>Maryam</bdi>" in question and 'name="reason"' in question
        cancelled = browser.post(
            f"/admin/leads/{lead}/demo/cancel",
            data={
                "sequence": "0",
                "confirm": "yes",
                "reason": "Maryam is <b>ill</b> today",
                "csrf_token": token_of(browser),
            },
        )
        page = browser.get(cancelled.headers["location"]).text
    assert "Saved: the demo is cancelled" in page
    assert "<dt>Why we cancelled</dt><dd><bdi>Maryam is &lt;b&gt;ill&lt;/b&gt; today</bdi></dd>" in page
    assert "Demo of Tue 4 Mar, 09:00 (Muscat) cancelled by you" in page
    assert "Status changed from Demo booked to Demo cancelled" not in page  # the colleague did it
    assert "You moved it from Demo booked to Demo cancelled" in page
    with db.session() as db_session:
        assert db_session.get(Lead, lead).status == "demo_cancelled"
    assert mails(booking.id)[-2:] == [("visitor", "CANCEL"), ("host", "CANCEL")]
    assert f'href="/admin/leads/{lead}/demo"' not in page and "Demo (cancelled)" in page


def test_a_page_older_than_the_last_change_moves_nothing_and_says_why(booked):
    browser, _, host, lead, booking = booked
    with frozen(NOW):
        service.booking_reschedule(booking.id, slot_id(host, TUESDAY_9 + timedelta(minutes=45)))  # the visitor
        stale = browser.post(
            f"/admin/leads/{lead}/demo/move",
            data={
                "slot": slot_id(host, TUESDAY_9 + timedelta(days=1)),
                "sequence": "0",
                "csrf_token": token_of(browser),
            },
        )
    assert stale.status_code == 409 and 'role="alert"' in stale.text
    assert service.booking_get(booking.id).starts_at == TUESDAY_9 + timedelta(minutes=45)


def test_a_demo_is_moved_only_by_a_role_that_sees_its_lead(booked, staff):
    _, _, _, lead, booking = booked
    with frozen(NOW):
        hr = signed_in(staff("hr"))
        assert hr.get(f"/admin/leads/{lead}/demo").status_code == 404
        refused = hr.post(
            f"/admin/leads/{lead}/demo/cancel", data={"sequence": "0", "confirm": "yes", "csrf_token": token_of(hr)}
        )
    assert refused.status_code == 404 and service.booking_get(booking.id).status == "booked"


def test_the_visitors_cancellation_shows_in_the_activity_and_the_demo_booked_filter_drops_it(booked):
    browser, _, _, lead, booking = booked
    with frozen(NOW):
        service.booking_cancel(booking.id)  # from the visitor's mail
        page = browser.get(f"/admin/leads/{lead}").text
        booked_leads = browser.get("/admin/", params={"status": "demo_booked"}).text
    assert "Demo of Tue 4 Mar, 09:00 (Muscat) cancelled by the visitor" in page
    assert "Status changed from Demo booked to Demo cancelled" in page
    assert f'href="/admin/leads/{lead}"' not in booked_leads


def test_a_reason_too_long_cancels_nothing_and_keeps_what_was_typed(booked):
    browser, _, _, lead, booking = booked
    with frozen(NOW):
        refused = browser.post(
            f"/admin/leads/{lead}/demo/cancel",
            data={"sequence": "0", "confirm": "yes", "reason": "x" * 501, "csrf_token": token_of(browser)},
        )
    assert refused.status_code == 409 and 'role="alert"' in refused.text and "x" * 501 in refused.text
    assert service.booking_get(booking.id).status == "booked"
