"""The staff agenda's days are each host's own local dates, from the earliest zone (UTC+14) to the latest (UTC-12):
a demo at the first minute or the last slot of a host's day is on that day, a minute either side is not."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from hosts import add_booking, add_host

from marketing_site.booking import agenda

MONDAY = date(2027, 3, 1)
HALF_HOUR = timedelta(minutes=30)


def booked(host_id: int, starts_at: datetime) -> int:
    return add_booking(host_id, starts_at, starts_at + HALF_HOUR)


def test_a_day_runs_from_the_first_minute_in_kiritimati_to_the_last_slot_at_utc_minus_12():
    kiritimati = add_host("Teuea", "Pacific/Kiritimati", "KI", {})  # UTC+14
    baker = add_host("Bill", "Etc/GMT+12", "ZZ", {})  # UTC-12
    first = booked(kiritimati, datetime(2027, 2, 28, 10, 0, tzinfo=UTC))  # Monday 00:00 in Kiritimati
    booked(kiritimati, datetime(2027, 2, 28, 9, 30, tzinfo=UTC))  # Sunday 23:30 there
    last = booked(baker, datetime(2027, 3, 2, 11, 30, tzinfo=UTC))  # Monday 23:30 at UTC-12
    booked(baker, datetime(2027, 3, 2, 12, 0, tzinfo=UTC))  # Tuesday 00:00 there
    assert [view.id for view in agenda.agenda(MONDAY)] == [first, last]


def test_a_week_is_seven_local_days_and_one_day_is_the_default():
    host = add_host("Sana Malik", "UTC", "ZZ", {})
    demos = [booked(host, datetime(2027, 3, 1, 9, 0, tzinfo=UTC) + timedelta(days=day)) for day in range(8)]
    assert [view.id for view in agenda.agenda(MONDAY, 7)] == demos[:7]
    assert [view.id for view in agenda.agenda(MONDAY)] == demos[:1]
    assert [view.id for view in agenda.agenda(MONDAY + timedelta(days=7), 1, host_id=host)] == demos[7:]
