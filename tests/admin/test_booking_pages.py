"""Demo booking in the staff area: each host's availability, the company's rules, the upcoming demos."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from leads.lead_payloads import VALID
from sqlmodel import select
from staff_client import token_of

from marketing_site.booking.models import BookingSettings, DayOff, DemoBooking, DemoHost, WorkingHours
from marketing_site.core import db
from marketing_site.core.clock import today_in
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.staff.models import AuditEntry

HOST = {"display_name": "Maryam Al-Balushi", "time_zone": "Asia/Muscat", "country": "OM", "active": "on"}


def become_host(browser, staff_id: int, **changes):
    return browser.post(
        f"/admin/availability/{staff_id}/host", data={**HOST, **changes, "csrf_token": token_of(browser)}
    )


def week_of(staff_id: int) -> list[tuple[int, int, int]]:
    with db.session() as db_session:
        rows = db_session.exec(select(WorkingHours).where(WorkingHours.host_id == staff_id)).all()
        return sorted((row.weekday, row.start_minute, row.end_minute) for row in rows)


def save_week(browser, staff_id: int, **days: str):
    return browser.post(f"/admin/availability/{staff_id}/hours", data={**days, "csrf_token": token_of(browser)})


def audit_count() -> int:
    with db.session() as db_session:
        return len(db_session.exec(select(AuditEntry.id)).all())


def test_a_salesperson_becomes_a_host_and_sets_a_week_of_several_stretches(as_role):
    sales, user = as_role("sales")
    page = sales.get("/admin/availability")
    assert page.status_code == 200 and "Become a demo host" in page.text and "Weekly working hours" not in page.text
    assert become_host(sales, user.id, time_zone="Asia/Karachi", country="pk").status_code == 303
    with db.session() as db_session:
        host = db_session.get(DemoHost, user.id)
        assert (host.display_name, host.time_zone, host.country, host.active) == (
            HOST["display_name"],
            "Asia/Karachi",
            "PK",
            True,
        )
    saved = save_week(sales, user.id, day0="09:00-12:00, 14:00-17:30", day3=" 8:30 - 9:00 ", day6="")
    assert saved.status_code == 303
    assert week_of(user.id) == [(0, 540, 720), (0, 840, 1050), (3, 510, 540)]
    page = sales.get(f"/admin/availability/{user.id}").text
    assert 'value="09:00-12:00, 14:00-17:30"' in page and 'value="08:30-09:00"' in page
    save_week(sales, user.id, day1="10:00-11:00")
    assert week_of(user.id) == [(1, 600, 660)], "saving replaces the whole week"


def test_bad_hours_are_refused_with_the_day_and_stretch_and_nothing_changes(as_role):
    sales, user = as_role("sales")
    become_host(sales, user.id)
    save_week(sales, user.id, day0="09:00-12:00")
    before = audit_count()
    for days, message in (
        ({"day1": "14:00-13:00"}, "Tuesday: 14:00-13:00 ends before it starts"),
        ({"day2": "09:00-12:00, 11:00-13:00"}, "Wednesday: 11:00-13:00 overlaps the stretch"),
        ({"day4": "9 to 5"}, "Friday: write &#34;9 to 5&#34; as start-end"),
        ({"day5": "09:00-25:00"}, "Saturday: 09:00-25:00 is not a time of day"),
        ({"day6": "10:00-10:00"}, "Sunday: 10:00-10:00 ends before it starts"),
    ):
        answer = save_week(sales, user.id, day0="08:00-09:00", **days)
        assert answer.status_code == 400 and message in answer.text, answer.text
        assert 'value="08:00-09:00"' in answer.text, "what was typed stays in the form"
    assert week_of(user.id) == [(0, 540, 720)] and audit_count() == before


def test_weekend_hours_are_refused_with_the_reason_every_bad_day_at_once_and_a_save_says_saved(as_role):
    sales, user = as_role("sales")
    become_host(sales, user.id, time_zone="Asia/Karachi", country="PK")  # the weekend: Saturday and Sunday
    answer = save_week(
        sales, user.id, day0="09:00-12:00", day1="9 to 5", day3="14:00-13:00", day5="10:00-12:00", day6="10:00-11:00"
    )
    assert answer.status_code == 400 and "Nothing was saved" in answer.text
    for problem in (
        "Tuesday: write &#34;9 to 5&#34; as start-end",
        "Thursday: 14:00-13:00 ends before it starts",
        "Saturday: the weekend in Pakistan, when no demo is offered; leave it empty",
        "Sunday: the weekend in Pakistan, when no demo is offered",
    ):
        assert f"<li>{problem}" in answer.text, problem
    assert week_of(user.id) == []
    saved = save_week(sales, user.id, day0="09:00-12:00", day4="09:00-10:00")
    assert saved.status_code == 303
    assert '<p class="notice" role="status">Saved</p>' in sales.get(saved.headers["location"]).text
    become_host(sales, user.id, country="OM")  # Oman rests on Friday and Saturday: the stored Friday is flagged
    page = sales.get("/admin/availability").text
    assert "Not offered to visitors: the weekend in Oman, when no demo is offered." in page
    assert page.count("Not offered to visitors") == 1


def test_host_details_are_validated(as_role):
    sales, user = as_role("sales")
    for changes, message in (
        ({"display_name": "  "}, "needs between 1 and 100 characters"),
        ({"time_zone": "Mars/Olympus"}, "Choose a time zone from the list"),
        ({"country": "ZZ"}, "two-letter code"),
    ):
        answer = become_host(sales, user.id, **changes)
        assert answer.status_code == 400 and message in answer.text
    with db.session() as db_session:
        assert db_session.get(DemoHost, user.id) is None
    refused = save_week(sales, user.id, day0="09:00-10:00")
    assert refused.status_code == 400 and "Save the name, time zone and country first" in refused.text


def test_a_host_sets_how_visitors_join_a_link_or_a_phone_number(as_role):
    sales, user = as_role("sales")
    for typed in ("javascript:alert(1)", "meet.example.com/me", "http://meet.example.com/me", "call me"):
        answer = become_host(sales, user.id, meeting_link=typed)
        assert answer.status_code == 400 and "an https:// address" in answer.text
    for typed, stored in (
        (" https://meet.example.com/maryam ", "https://meet.example.com/maryam"),
        ("+968 2412 3456", "+968 2412 3456"),
        ("", ""),
    ):
        assert become_host(sales, user.id, meeting_link=typed).status_code == 303
        with db.session() as db_session:
            assert db_session.get(DemoHost, user.id).meeting_link == stored
    become_host(sales, user.id, meeting_link="https://meet.example.com/maryam")
    assert 'value="https://meet.example.com/maryam"' in sales.get(f"/admin/availability/{user.id}").text


def test_days_off_are_added_and_removed(as_role):
    sales, user = as_role("sales")
    become_host(sales, user.id)
    soon = today_in(HOST["time_zone"]) + timedelta(days=3)

    def add(day):
        return sales.post(
            f"/admin/availability/{user.id}/days-off",
            data={"day": day, "csrf_token": token_of(sales)},
        )

    assert add(soon.isoformat()).status_code == 303
    assert soon.isoformat() in sales.get("/admin/availability").text
    again = add(soon.isoformat())
    assert again.status_code == 400 and "is already a day off" in again.text
    past = add((today_in(HOST["time_zone"]) - timedelta(days=1)).isoformat())
    assert past.status_code == 400 and "is in the past" in past.text
    assert add("next tuesday").status_code == 400
    with db.session() as db_session:
        days_off = db_session.exec(select(DayOff).where(DayOff.host_id == user.id)).all()
    assert [day_off.day for day_off in days_off] == [soon]
    removed = sales.post(
        f"/admin/availability/{user.id}/days-off/{days_off[0].id}/remove", data={"csrf_token": token_of(sales)}
    )
    assert removed.status_code == 303
    with db.session() as db_session:
        assert db_session.exec(select(DayOff).where(DayOff.host_id == user.id)).all() == []


def test_sales_edit_only_their_own_availability_and_an_admin_edits_anyones(as_role):
    sales, user = as_role("sales")
    other, other_user = as_role("sales")
    admin, _ = as_role("admin")
    hr, hr_user = as_role("hr")
    become_host(other, other_user.id)
    assert sales.get(f"/admin/availability/{other_user.id}").status_code == 403
    assert become_host(sales, other_user.id, display_name="Taken over").status_code == 403
    assert save_week(sales, other_user.id, day0="09:00-10:00").status_code == 403
    assert admin.get(f"/admin/availability/{other_user.id}").status_code == 200
    assert f"/admin/availability/{other_user.id}" in admin.get("/admin/availability").text
    assert save_week(admin, other_user.id, day0="09:00-10:00").status_code == 303
    assert week_of(other_user.id) == [(0, 540, 600)]
    with db.session() as db_session:
        assert db_session.get(DemoHost, other_user.id).display_name == HOST["display_name"]
    for path in ("/admin/availability", f"/admin/availability/{user.id}", "/admin/demos", "/admin/booking-rules"):
        assert hr.get(path).status_code == 403, path
    assert become_host(hr, hr_user.id).status_code == 403
    assert admin.get(f"/admin/availability/{hr_user.id}").status_code == 404, "an hr account gives no demos"
    assert "My availability" not in hr.get("/admin/").text and "My availability" in sales.get("/admin/").text


def test_a_post_without_the_csrf_token_changes_nothing(as_role):
    sales, user = as_role("sales")
    answer = sales.post(f"/admin/availability/{user.id}/host", data=HOST)
    assert answer.status_code == 403
    admin, _ = as_role("admin")
    assert admin.post("/admin/booking-rules", data={"demo_minutes": "45"}).status_code == 403
    with db.session() as db_session:
        assert db_session.get(DemoHost, user.id) is None


def test_only_an_admin_sets_the_booking_rules_which_are_validated_and_audited(as_role):
    sales, _ = as_role("sales")
    admin, admin_user = as_role("admin")
    assert sales.get("/admin/booking-rules").status_code == 403
    page = admin.get("/admin/booking-rules").text
    assert 'name="demo_minutes"' in page and "Booking rules" in page
    rules = {
        "demo_minutes": "45",
        "buffer_minutes": "10",
        "min_notice_minutes": "240",
        "horizon_days": "30",
        "daily_limit": "5",
    }
    bad = admin.post(
        "/admin/booking-rules",
        data={**rules, "demo_minutes": "5", "horizon_days": "a month", "csrf_token": token_of(admin)},
    )
    assert bad.status_code == 400
    assert "Demo length (minutes) must be a whole number from 10 to 240" in bad.text
    assert "Horizon (days ahead visitors may book) must be a whole number from 1 to 365" in bad.text
    with db.session() as db_session:
        before = db_session.get(BookingSettings, 1)
        assert before is None or before.demo_minutes != 45
    assert sales.post("/admin/booking-rules", data={**rules, "csrf_token": token_of(sales)}).status_code == 403
    good = admin.post("/admin/booking-rules", data={**rules, "csrf_token": token_of(admin)})
    assert good.status_code == 303
    with db.session() as db_session:
        saved = db_session.get(BookingSettings, 1)
        assert (
            saved.demo_minutes,
            saved.buffer_minutes,
            saved.min_notice_minutes,
            saved.horizon_days,
            saved.daily_limit,
        ) == (45, 10, 240, 30, 5)
        entry = db_session.exec(
            select(AuditEntry).where(AuditEntry.action == "booking rules").order_by(AuditEntry.id.desc())
        ).first()
    assert entry.actor_id == admin_user.id and "demo_minutes" in entry.detail and "45" in entry.detail


def booked(host_id: int, starts_at: datetime, first_name: str, visitor_zone: str = "Asia/Karachi") -> int:
    lead_id = lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {**VALID["ScheduleDemo"], "firstName": first_name, "email": f"{uuid.uuid4().hex[:8]}@school.example"},
        SubmissionContext("booking-pages"),
    )
    with db.write_session() as db_session:
        db_session.add(
            DemoBooking(
                uid=f"{uuid.uuid4()}@test",
                lead_id=lead_id,
                host_id=host_id,
                starts_at=starts_at,
                ends_at=starts_at + timedelta(minutes=30),
                visitor_time_zone=visitor_zone,
            )
        )
        db_session.commit()
    return lead_id


def test_upcoming_demos_per_host_in_the_hosts_time_with_escaped_names(as_role):
    sales, user = as_role("sales")
    become_host(sales, user.id, display_name="<b>Host</b> \u202eevil", time_zone="Asia/Muscat")
    tomorrow = today_in(HOST["time_zone"]) + timedelta(days=1)
    start = datetime(tomorrow.year, tomorrow.month, tomorrow.day, 6, 0, tzinfo=UTC)  # 10:00 in Muscat
    lead_id = booked(user.id, start, "<script>alert(1)</script>")
    later = booked(user.id, start + timedelta(days=9), "Far Ahead")
    page = sales.get("/admin/demos", params={"day": tomorrow.isoformat(), "span": "day"}).text
    assert f'href="/admin/leads/{lead_id}"' in page and f"/admin/leads/{later}" not in page
    assert "10:00–10:30" in page and "11:00 Asia/Karachi" in page and "(Asia/Muscat)" in page
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>Host</b>" not in page and "&lt;b&gt;Host&lt;/b&gt;" in page
    week = sales.get("/admin/demos", params={"day": tomorrow.isoformat()}).text
    assert f"/admin/leads/{lead_id}" in week and f"/admin/leads/{later}" not in week
    lead_page = sales.get(f"/admin/leads/{lead_id}").text
    assert '<h2 id="demo-title">Demo</h2>' in lead_page and "10:00 (Muscat) to 10:30" in lead_page
    assert "<dt>State</dt><dd>Booked</dd>" in lead_page
    assert "&lt;b&gt;Host&lt;/b&gt;" in lead_page
    unbooked = lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], SubmissionContext("booking-pages"))
    assert "demo-title" not in sales.get(f"/admin/leads/{unbooked}").text
