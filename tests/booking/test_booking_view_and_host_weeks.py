"""How the rest of the site reads a booking (booking/views.py) and a host's week (booking/calendar.py): the demo with
its host and visitor in one record, its status as staff read it, its times in either party's zone; and each active
host's hours, zone, country and days off as the lead domain's working time counts them."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from hosts import add_host, add_lead, karachi_host, set_rules, weekdays

from marketing_site.booking import calendar, service
from marketing_site.booking.slots import slot_id
from marketing_site.core import db
from marketing_site.leads.models import Lead

NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi, 08:00 in Muscat
MORNINGS = weekdays(9 * 60, 12 * 60)


@pytest.fixture(autouse=True)
def _rules():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=240, horizon_days=30, daily_limit=6)


def test_a_booking_reads_as_its_demo_its_host_and_its_visitor():
    host = karachi_host(meeting_link="https://meet.example.com/sana")
    lead = add_lead(language="ar")
    with db.session() as db_session:
        db_session.get_one(Lead, lead).school = None
        db_session.commit()
    view = service.book_for_lead(lead, slot_id(host, MONDAY_9), "Asia/Muscat", now=NOW)
    assert view.uid.endswith("@demo-booking") and service.booking_get(view.id).uid == view.uid
    assert (view.lead_id, view.host_id, view.host_name, view.host_time_zone) == (
        lead,
        host,
        "Sana Malik",
        "Asia/Karachi",
    )
    assert (view.host_meeting_link, view.host_email.startswith("host")) == ("https://meet.example.com/sana", True)
    assert (view.visitor_name, view.visitor_email, view.visitor_phone, view.school, view.language) == (
        "Amina Khan",
        "amina.khan@greenfield.edu.pk",
        "+923001234567",
        "",
        "ar",
    )
    assert (view.slot_id, view.status_label) == (slot_id(host, MONDAY_9), "Booked")
    assert [moment.isoformat() for moment in view.for_visitor()] == [
        "2027-03-01T08:00:00+04:00",
        "2027-03-01T08:30:00+04:00",
    ]
    assert [moment.isoformat() for moment in view.in_zone(view.host_time_zone)] == [
        "2027-03-01T09:00:00+05:00",
        "2027-03-01T09:30:00+05:00",
    ]
    assert service.booking_cancel(view.id, now=NOW).status_label == "Cancelled"


@pytest.mark.parametrize(("status", "label"), [("no_show", "No show"), ("held", "Held"), ("archived", "archived")])
def test_staff_read_a_status_in_words_and_an_unknown_one_as_it_is(status, label):
    host = karachi_host()
    view = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    assert type(view)(**{**vars(view), "status": status}).status_label == label


def test_each_active_hosts_week_is_handed_to_the_lead_domain_with_its_zone_hours_and_days_off():
    day_off = date(2027, 3, 2)
    sana = add_host("Sana Malik", "Asia/Karachi", "PK", {0: [(9 * 60, 12 * 60), (14 * 60, 17 * 60)]}, [day_off])
    add_host("Away", "Asia/Muscat", "OM", MORNINGS, active=False)
    with db.session() as db_session:
        weeks = calendar.host_work_weeks(db_session)
    assert list(weeks) == [sana]
    week = weeks[sana]
    assert (week.zone, week.country, week.days_off) == (ZoneInfo("Asia/Karachi"), "PK", frozenset({day_off}))
    assert dict(week.hours) == {0: ((9 * 60, 12 * 60), (14 * 60, 17 * 60))}
    assert week.works_on(date(2027, 3, 1)) and not week.works_on(day_off)
