"""How a demo's time and zone read in the mails and on the pages (booking/when.py): the offset at that moment with
its sign and minutes, zone names as English (IANA) and Arabic (CLDR) readers know them, UTC by any of its names,
and the list of zones a visitor picks from (places only, no old aliases)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from marketing_site.booking.when import (
    UTC_NAMES,
    chosen_zone,
    describe,
    offset,
    short_day,
    zone_choices,
    zone_name,
    zone_names,
)

ARABIC_UTC = "التوقيت العالمي المنسق"


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("UTC", "UTC+00:00"),
        ("Asia/Kolkata", "UTC+05:30"),
        ("Asia/Kathmandu", "UTC+05:45"),
        ("America/Sao_Paulo", "UTC-03:00"),
        ("America/St_Johns", "UTC-03:30"),
    ],
)
def test_the_offset_shows_its_sign_hours_and_minutes(zone, shown):
    assert offset(datetime(2027, 1, 15, 12, 0, tzinfo=ZoneInfo(zone))) == shown


def test_a_time_without_a_zone_has_no_offset_to_show():
    with pytest.raises(ValueError, match=r"^2027-01-15 12:00:00 has no time zone$"):
        offset(datetime(2027, 1, 15, 12, 0))  # noqa: DTZ001 (the naive time is the point)


@pytest.mark.parametrize("name", sorted(UTC_NAMES))
def test_utc_by_any_of_its_names_reads_as_utc_in_arabic_and_as_typed_in_english(name):
    assert (zone_name(name, "ar"), zone_name(name, "en")) == (ARABIC_UTC, name)


@pytest.mark.parametrize(
    ("zone", "arabic"),
    [("Asia/Muscat", "توقيت عُمان"), ("Europe/London", "توقيت المملكة المتحدة"), ("Etc/GMT+4", "Etc/GMT+4")],
)
def test_arabic_readers_get_the_places_name_or_the_iana_name_where_cldr_knows_no_place(zone, arabic):
    assert (zone_name(zone, "ar"), zone_name(zone, "en")) == (arabic, zone)


def test_visitors_choose_among_places_without_old_aliases_utc_or_etc_zones():
    names = zone_names()
    assert list(names) == sorted(names) and len(names) > 300
    assert {"Asia/Muscat", "Asia/Kolkata", "America/Argentina/Buenos_Aires"} <= set(names)
    assert not {"UTC", "Etc/GMT+4", "Asia/Calcutta", "America/Buenos_Aires", "US/Eastern", "Japan"} & set(names)


@pytest.mark.parametrize(
    ("reported", "chosen"),
    [
        ("Asia/Muscat", "Asia/Muscat"),
        ("Asia/Calcutta", "Asia/Kolkata"),  # a browser's old name
        ("US/Eastern", "America/New_York"),
        ("UTC", None),
        ("Etc/GMT+4", None),
        ("Mars/Olympus", None),
        (None, None),
        (4, None),
    ],
)
def test_a_reported_zone_becomes_the_lists_name_or_none(reported, chosen):
    assert chosen_zone(reported) == chosen


def test_the_zone_list_is_in_the_order_its_reader_looks_names_up():
    english, arabic = zone_choices("en"), zone_choices("ar")
    assert english == tuple((name, name) for name in zone_names())
    assert [shown for _, shown in arabic] == sorted(shown for _, shown in arabic)
    assert ("Asia/Muscat", "توقيت عُمان") in arabic and len(arabic) == len(english)


@pytest.mark.parametrize(("language", "shown"), [("en", ("Mon", "1 Mar")), ("ar", ("الاثنين", "1 مارس"))])
def test_a_day_in_a_weeks_list_shows_its_short_weekday_and_date(language, shown):
    assert short_day(date(2027, 3, 1), language) == shown


def test_a_demo_reads_with_its_day_hours_and_zone_in_the_readers_language():
    muscat = ZoneInfo("Asia/Muscat")
    start, end = datetime(2027, 3, 1, 8, 0, tzinfo=muscat), datetime(2027, 3, 1, 8, 30, tzinfo=muscat)
    assert describe(start, end, "en") == "Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)"
    assert describe(start, end, "ar") == (
        "يوم الاثنين 1 مارس 2027، من 08:00 إلى 08:30 (توقيت عُمان، \u2068UTC+04:00\u2069)"
    )
