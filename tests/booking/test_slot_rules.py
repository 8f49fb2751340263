"""Free slots under the company's rules (booking/slots.py): the defaults until staff save rules, a host's several
stretches of hours in a day, the visitor's own dates, whether a demo request can offer any free time at all (however
far ahead the first one is), which zone names are refused, and slot ids in UTC whatever the server's own zone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hosts import add_booking, add_host, every_day, set_rules, weekdays

from marketing_site.booking.errors import UnknownTimeZone
from marketing_site.booking.slots import any_free, free_slots, slot_id, zone
from marketing_site.core import db

MONDAY = date(2027, 3, 1)
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi
KARACHI_WEEKDAYS_9_TO_5 = weekdays(9 * 60, 17 * 60)


def times(found) -> list[str]:
    return [slot.starts_at.strftime("%H:%M") for slot in found]


def test_until_staff_save_rules_demos_take_30_minutes_15_apart_4_hours_ahead_and_6_a_day():
    host = add_host("Sana Malik", "Asia/Karachi", "PK", KARACHI_WEEKDAYS_9_TO_5)  # no rules row: the defaults
    assert times(free_slots(MONDAY, 1, "Asia/Karachi", now=MONDAY_9)) == ["13:30", "14:15", "15:00", "15:45", "16:30"]
    tuesday_9 = MONDAY_9 + timedelta(days=1)
    for step in range(5):
        add_booking(host, tuesday_9 + step * timedelta(minutes=45), tuesday_9 + timedelta(minutes=45 * step + 30))
    assert times(free_slots(MONDAY + timedelta(days=1), 1, "Asia/Karachi", now=MONDAY_9))[0] == "12:45"
    add_booking(host, tuesday_9 + timedelta(hours=5), tuesday_9 + timedelta(hours=5, minutes=30))
    assert free_slots(MONDAY + timedelta(days=1), 1, "Asia/Karachi", now=MONDAY_9) == []  # the sixth filled the day
    last_days = free_slots(date(2027, 3, 30), 2, "Asia/Karachi", now=MONDAY_9)  # the horizon: 31 March, 09:00
    assert {slot.starts_at.date() for slot in last_days} == {date(2027, 3, 30)}


def test_a_day_with_two_stretches_of_hours_offers_both_and_nothing_between():
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=10)
    add_host("Sana Malik", "Asia/Karachi", "PK", {0: [(14 * 60, 15 * 60), (9 * 60, 10 * 60)]})
    found = free_slots(MONDAY, 1, "Asia/Karachi", now=MONDAY_9 - timedelta(days=1))
    assert times(found) == ["09:00", "09:30", "14:00", "14:30"]


def test_the_listing_covers_the_visitors_own_dates():
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=48)
    add_host("Round the clock", "UTC", "ZZ", every_day(0, 24 * 60))
    now = MONDAY_9 - timedelta(days=2)
    wednesday = date(2027, 3, 3)  # Tuesday 20:00 to Wednesday 20:00 in UTC, the host's working days
    in_muscat = free_slots(wednesday, 1, "Asia/Muscat", now=now)
    assert (in_muscat[0].starts_at.isoformat(), in_muscat[-1].starts_at.isoformat()) == (
        "2027-03-03T00:00:00+04:00",
        "2027-03-03T23:30:00+04:00",
    )
    assert len(in_muscat) == 48 and len(free_slots(wednesday, 2, "Asia/Muscat", now=now)) == 96


def settings_free(now: datetime) -> bool:
    with db.session() as db_session:
        return any_free(db_session, now)


def test_a_request_offers_free_times_when_a_host_has_one_however_far_within_the_horizon():
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=10)
    now = MONDAY_9 - timedelta(days=1)
    assert not settings_free(now)  # no host at all
    away = [MONDAY + timedelta(days=day) for day in range(-10, 24)]
    add_host("Far ahead", "Asia/Karachi", "ZZ", every_day(9 * 60, 9 * 60 + 30), days_off=away)
    assert settings_free(now)  # free on 25 March only
    assert not settings_free(now - timedelta(days=7))  # 25 March is beyond that day's horizon


def test_a_request_offers_no_time_when_every_slot_is_booked():
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=2, daily_limit=10)
    host = add_host("Busy", "UTC", "ZZ", every_day(9 * 60, 9 * 60 + 30))
    now = datetime(2027, 3, 1, 0, 0, tzinfo=UTC)
    add_booking(host, now + timedelta(hours=9), now + timedelta(hours=9, minutes=30))
    assert settings_free(now)  # Tuesday's slot is still free
    add_booking(host, now + timedelta(days=1, hours=9), now + timedelta(days=1, hours=9, minutes=30))
    assert not settings_free(now)


@pytest.mark.parametrize("name", ["US", "Etc", "Europe/Lisbonx", "Europe/London/Extra", "Asia/Karachi\n", 5])
def test_a_zone_name_that_is_a_folder_unknown_or_not_text_is_refused(name):
    with pytest.raises(UnknownTimeZone):
        zone(name)


@pytest.fixture
def server_in_karachi(monkeypatch) -> Iterator[None]:
    """The server's own clock set to Asia/Karachi (never the system's UTC)."""
    monkeypatch.setenv("TZ", "Asia/Karachi")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("server_in_karachi")
def test_slot_ids_are_utc_whatever_zone_the_server_runs_in():
    moment = datetime(2027, 10, 29, 9, 0, tzinfo=timezone(timedelta(hours=1)))
    assert slot_id(3, moment) == "3-20271029T0800Z"
