"""Slot computation on the session database: hours in the host's zone, days off, holidays and weekends of the
host's country (the holidays package), buffer, notice, horizon, daily limit, and DST in Europe/London."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import holidays
import pytest
from hosts import add_booking, add_host, every_day, set_rules, weekdays

from marketing_site.booking.errors import MalformedSlotId, UnknownTimeZone
from marketing_site.booking.slots import free_slots, parse_slot_id, slot_id

UTC = UTC
MONDAY = date(2027, 3, 1)
NOW = datetime(2027, 2, 28, 0, 0, tzinfo=UTC)
NINE_TO_ELEVEN = weekdays(9 * 60, 11 * 60)


@pytest.fixture(autouse=True)
def _rules():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=0, horizon_days=60, daily_limit=10)


def starts(found) -> list[str]:
    return [slot.starts_at.isoformat() for slot in found]


def test_hours_are_the_hosts_own_and_slots_are_shown_in_the_visitors_zone():
    host = add_host("Sana Malik", "Asia/Karachi", "PK", NINE_TO_ELEVEN)
    found = free_slots(MONDAY, 1, "Europe/London", now=NOW)
    # 09:00, 09:45 and 10:30 in Karachi (UTC+5); each demo 30 minutes, 15 kept free after it.
    assert starts(found) == ["2027-03-01T04:00:00+00:00", "2027-03-01T04:45:00+00:00", "2027-03-01T05:30:00+00:00"]
    assert found[0].ends_at.isoformat() == "2027-03-01T04:30:00+00:00"
    assert {slot.host_name for slot in found} == {"Sana Malik"}
    assert found[0].id == f"{host}-20270301T0400Z" and parse_slot_id(found[0].id) == (
        host,
        datetime(2027, 3, 1, 4, 0, tzinfo=UTC),
    )


@pytest.mark.parametrize("country", ["OM", "PK"])
def test_the_weekend_is_the_countrys_as_the_holidays_package_has_it(country):
    add_host("Host", "Asia/Muscat", country, every_day(9 * 60, 10 * 60))
    found = free_slots(MONDAY, 7, "Asia/Muscat", now=NOW)
    weekend = holidays.country_holidays(country).weekend
    assert weekend == ({4, 5} if country == "OM" else {5, 6})
    assert {slot.starts_at.weekday() for slot in found} == set(range(7)) - weekend


def test_public_holidays_and_days_off_have_no_slots():
    assert date(2027, 3, 23) in holidays.country_holidays("PK", years=2027)  # Pakistan Day, a Tuesday
    add_host("Host", "Asia/Karachi", "PK", NINE_TO_ELEVEN, days_off=[date(2027, 3, 24)])
    found = free_slots(date(2027, 3, 22), 5, "Asia/Karachi", now=NOW)
    assert sorted({slot.starts_at.day for slot in found}) == [22, 25, 26]


def test_an_inactive_host_offers_nothing_and_each_active_host_their_own():
    add_host("Away", "Asia/Karachi", "PK", NINE_TO_ELEVEN, active=False)
    add_host("Zara", "Asia/Karachi", "PK", {0: [(9 * 60, 9 * 60 + 30)]})
    add_host("Adam", "Asia/Karachi", "PK", {0: [(9 * 60, 9 * 60 + 30)]})
    found = free_slots(MONDAY, 1, "UTC", now=NOW)
    assert [(slot.host_name, slot.starts_at.hour) for slot in found] == [("Adam", 4), ("Zara", 4)]


def test_minimum_notice_hides_slots_starting_too_soon():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=60, horizon_days=60, daily_limit=10)
    add_host("Host", "Asia/Karachi", "PK", NINE_TO_ELEVEN)
    found = free_slots(MONDAY, 1, "UTC", now=datetime(2027, 3, 1, 4, 10, tzinfo=UTC))
    assert starts(found) == ["2027-03-01T05:30:00+00:00"]  # 04:45 is only 35 minutes away


def test_nothing_is_offered_beyond_the_horizon():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=0, horizon_days=2, daily_limit=10)
    add_host("Host", "UTC", "OM", every_day(9 * 60, 10 * 60))
    found = free_slots(date(2027, 2, 28), 7, "UTC", now=NOW)
    assert {slot.starts_at.date() for slot in found} == {date(2027, 2, 28), date(2027, 3, 1)}


def test_bookings_take_their_time_and_the_buffer_after_and_before_them():
    host = add_host("Host", "Asia/Karachi", "PK", {0: [(9 * 60, 12 * 60)]})
    # Someone booked 09:50-10:20 (an off-grid time, e.g. before the rules changed): 09:35-10:35 is blocked.
    add_booking(host, datetime(2027, 3, 1, 4, 50, tzinfo=UTC), datetime(2027, 3, 1, 5, 20, tzinfo=UTC))
    found = free_slots(MONDAY, 1, "Asia/Karachi", now=NOW)
    assert [slot.starts_at.strftime("%H:%M") for slot in found] == ["09:00", "11:15"]


def test_a_host_at_the_daily_limit_has_no_more_slots_that_day():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=0, horizon_days=60, daily_limit=2)
    host = add_host("Host", "Asia/Karachi", "PK", {0: [(9 * 60, 17 * 60)], 1: [(9 * 60, 10 * 60)]})
    for hour in (4, 6):
        add_booking(host, datetime(2027, 3, 1, hour, tzinfo=UTC), datetime(2027, 3, 1, hour, 30, tzinfo=UTC))
    found = free_slots(MONDAY, 2, "Asia/Karachi", now=NOW)
    assert {slot.starts_at.date() for slot in found} == {date(2027, 3, 2)}


def test_london_hours_keep_their_wall_time_across_the_autumn_change_and_the_offset_follows():
    add_host("Olivia", "Europe/London", "GB", {4: [(9 * 60, 9 * 60 + 30)], 0: [(9 * 60, 9 * 60 + 30)]})
    london = free_slots(date(2027, 10, 29), 4, "Europe/London", now=datetime(2027, 10, 1, tzinfo=UTC))
    assert starts(london) == ["2027-10-29T09:00:00+01:00", "2027-11-01T09:00:00+00:00"]
    karachi = free_slots(date(2027, 10, 29), 4, "Asia/Karachi", now=datetime(2027, 10, 1, tzinfo=UTC))
    assert starts(karachi) == ["2027-10-29T13:00:00+05:00", "2027-11-01T14:00:00+05:00"]
    assert [slot.id.split("-")[1] for slot in karachi] == ["20271029T0800Z", "20271101T0900Z"]


def test_the_hour_skipped_in_spring_has_no_slots_and_the_visitors_day_is_their_own():
    # An Omani weekend (Friday, Saturday) so that Sunday 28 March 2027, the UK's change to BST, is a working day.
    add_host("Olivia", "Europe/London", "OM", {6: [(0, 3 * 60)]})
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=60, daily_limit=10)
    found = free_slots(date(2027, 3, 28), 1, "Europe/London", now=NOW)
    assert starts(found) == [
        "2027-03-28T00:00:00+00:00",
        "2027-03-28T00:30:00+00:00",
        "2027-03-28T02:00:00+01:00",
        "2027-03-28T02:30:00+01:00",
    ]
    # In Auckland (UTC+13) the same demos fall on the 28th's afternoon: asking for the 29th there gives none.
    assert free_slots(date(2027, 3, 29), 1, "Pacific/Auckland", now=NOW) == []
    assert len(free_slots(date(2027, 3, 28), 1, "Pacific/Auckland", now=NOW)) == 4


@pytest.mark.parametrize("name", ["Mars/Olympus", "europe/london/x/y", "../etc/passwd", "", "Europe/London "])
def test_an_unknown_time_zone_is_refused(name):
    with pytest.raises(UnknownTimeZone):
        free_slots(MONDAY, 1, name, now=NOW)


@pytest.mark.parametrize(
    "value",
    [
        "",
        "7",
        "7-20270301T0400",
        "x-20270301T0400Z",
        "7-20271301T0400Z",
        "7-20270301T2561Z",
        " 7-20270301T0400Z",
        "٧-20270301T0400Z",
        None,
        7,
    ],
)
def test_a_malformed_slot_id_is_refused(value):
    with pytest.raises(MalformedSlotId):
        parse_slot_id(value)


def test_slot_ids_are_utc_whatever_zone_the_start_is_given_in():
    moment = datetime(2027, 10, 29, 9, 0, tzinfo=timezone(timedelta(hours=1)))
    assert slot_id(3, moment) == "3-20271029T0800Z"
