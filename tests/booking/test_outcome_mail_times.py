"""When the mails around a demo's outcome are due (``outcome_mails``):

- the host's reminder "Still unmarked" comes the same wall-clock time of the host's next working day, in the host's
  zone (their hours, days off, weekend and public holidays; the company's week for an account without one), and a
  plain day later when no working day comes within the search's 60 days;
- the visitor's recap comes at 09:00 of their next working morning, in their zone (their country's weekend and
  holidays; Saturday and Sunday for a country the site does not know), counted from the local date of the marking;
- marking warms the visitor's holiday calendars of this year and the next before its transaction.

Every instant is fixed: no test reads today's date."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hosts import add_host, every_day, karachi_host, weekdays

from marketing_site.booking import outcome_mails
from marketing_site.booking.outcome_mails import a_working_day_later, next_working_morning
from marketing_site.core import closed_days, db

WEEKDAYS_9_TO_12 = weekdays(9 * 60, 12 * 60)


def later(host_id: int, moment: datetime) -> datetime:
    with db.session() as db_session:
        return a_working_day_later(db_session, host_id, moment)


@pytest.mark.parametrize(
    ("moment", "reminder"),
    [
        # Monday 1 March 2027 09:30 in Karachi: Tuesday, same time
        (datetime(2027, 3, 1, 4, 30, tzinfo=UTC), datetime(2027, 3, 2, 4, 30, tzinfo=UTC)),
        # Friday 5 March 11:45: the weekend waits, Monday 11:45
        (datetime(2027, 3, 5, 6, 45, tzinfo=UTC), datetime(2027, 3, 8, 6, 45, tzinfo=UTC)),
        # Tuesday 9 March: Eid (10-12 March) and the weekend follow, Monday 15 March
        (datetime(2027, 3, 9, 4, 30, tzinfo=UTC), datetime(2027, 3, 15, 4, 30, tzinfo=UTC)),
        # Monday 1 March 20:00 UTC is already Tuesday 01:00 in Karachi: Wednesday 01:00 there
        (datetime(2027, 3, 1, 20, 0, tzinfo=UTC), datetime(2027, 3, 2, 20, 0, tzinfo=UTC)),
    ],
)
def test_the_reminder_is_due_the_same_time_of_the_hosts_next_working_day_in_their_zone(moment, reminder):
    host = karachi_host()
    assert later(host, moment) == reminder


def test_the_hosts_own_days_off_and_days_without_hours_are_skipped():
    """Sana works Mondays and Thursdays, and takes Thursday 4 March off."""
    host = add_host("Sana Malik", "Asia/Karachi", "PK", {0: [(540, 720)], 3: [(540, 720)]}, [date(2027, 3, 4)])
    monday_10 = datetime(2027, 3, 1, 5, 0, tzinfo=UTC)
    assert later(host, monday_10) == monday_10 + timedelta(days=7)


def test_the_hosts_wall_clock_time_is_kept_across_a_change_to_summer_time():
    """Thursday 25 March 2027 15:00 in Berlin (UTC+1); Good Friday, the weekend and Easter Monday follow, and the
    clocks go forward on Sunday: Tuesday 30 March 15:00 there is 13:00 UTC."""
    host = add_host("Jonas Weber", "Europe/Berlin", "DE", WEEKDAYS_9_TO_12)
    reminder = later(host, datetime(2027, 3, 25, 14, 0, tzinfo=UTC))
    assert (reminder, reminder.tzinfo) == (datetime(2027, 3, 30, 13, 0, tzinfo=UTC), UTC)


def test_an_account_without_a_week_of_its_own_follows_the_companys():
    """No active host row (an inactive host): the company's week, Muscat, every day less Oman's Friday-Saturday
    weekend and holidays. Thursday 4 March 10:00 there: Sunday 7 March 10:00."""
    host = karachi_host(active=False)
    assert later(host, datetime(2027, 3, 4, 6, 0, tzinfo=UTC)) == datetime(2027, 3, 7, 6, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("days_off", "offset"),
    [
        (58, timedelta(days=59)),  # the 59th day (Thursday 29 April) is the last one looked at
        (59, timedelta(days=1)),  # none within: a plain day later
    ],
)
def test_a_calendar_without_a_working_day_within_the_search_counts_a_plain_day(days_off, offset):
    start = date(2027, 3, 1)
    off = [start + timedelta(days=n) for n in range(1, days_off + 1)]
    host = add_host("Aisha Rahman", "UTC", "ZZ", every_day(0, 24 * 60), off)
    monday_10 = datetime(2027, 3, 1, 10, 0, tzinfo=UTC)
    assert later(host, monday_10) == monday_10 + offset


def test_a_host_with_no_hours_at_all_is_reminded_a_plain_day_later():
    host = add_host("Aisha Rahman", "UTC", "ZZ", {})
    moment = datetime(2027, 3, 1, 10, 0, tzinfo=UTC)
    assert later(host, moment) == moment + timedelta(days=1)


@pytest.mark.parametrize(
    ("zone", "country", "marked", "recap"),
    [
        # Oman rests on Friday and Saturday: marked Thursday 4 March, recap Sunday 7 March 09:00 in Muscat
        ("Asia/Muscat", "Oman", datetime(2027, 3, 4, 5, 0, tzinfo=UTC), datetime(2027, 3, 7, 5, 0, tzinfo=UTC)),
        # Sunday 7 March: Eid (8-11 March), Friday and Saturday follow, Sunday 14 March
        ("Asia/Muscat", "Oman", datetime(2027, 3, 7, 5, 0, tzinfo=UTC), datetime(2027, 3, 14, 5, 0, tzinfo=UTC)),
        # a marking at 23:00 on Monday 1 March in Muscat: Tuesday 09:00, ten hours on
        ("Asia/Muscat", "Oman", datetime(2027, 3, 1, 19, 0, tzinfo=UTC), datetime(2027, 3, 2, 5, 0, tzinfo=UTC)),
        # Pakistan rests on Saturday and Sunday: Friday 5 March, Monday 8 March 09:00 in Karachi
        ("Asia/Karachi", "Pakistan", datetime(2027, 3, 5, 7, 0, tzinfo=UTC), datetime(2027, 3, 8, 4, 0, tzinfo=UTC)),
        # a country the site does not know, or none: Saturday and Sunday off
        ("UTC", "Atlantis", datetime(2027, 3, 5, 12, 0, tzinfo=UTC), datetime(2027, 3, 8, 9, 0, tzinfo=UTC)),
        ("UTC", None, datetime(2027, 3, 4, 12, 0, tzinfo=UTC), datetime(2027, 3, 5, 9, 0, tzinfo=UTC)),
        # Tuesday 2 March 09:00 in Auckland is still Monday in UTC: Wednesday 09:00 there
        ("Pacific/Auckland", None, datetime(2027, 3, 1, 20, 0, tzinfo=UTC), datetime(2027, 3, 2, 20, 0, tzinfo=UTC)),
        # Monday 1 March 21:00 in New York is Tuesday in UTC: Tuesday 09:00 there
        ("America/New_York", None, datetime(2027, 3, 2, 2, 0, tzinfo=UTC), datetime(2027, 3, 2, 14, 0, tzinfo=UTC)),
    ],
)
def test_the_recap_is_due_at_nine_on_the_visitors_next_working_morning_in_their_zone(zone, country, marked, recap):
    due = next_working_morning(zone, country, marked)
    assert (due, due.tzinfo) == (recap, UTC)


@pytest.mark.parametrize(("country", "code"), [("Oman", "OM"), ("Atlantis", "ZZ"), (None, "ZZ")])
def test_marking_warms_the_visitors_holiday_calendars_of_this_year_and_the_next(country, code):
    closed_days._closed_days.cache_clear()
    outcome_mails.warm(country, datetime(2027, 12, 31, 22, 0, tzinfo=UTC))
    assert closed_days._closed_days.cache_info().misses == 2
    for day in (date(2027, 3, 4), date(2028, 11, 30)):
        closed_days.is_closed(code, day)
    assert closed_days._closed_days.cache_info().misses == 2  # both were there already
