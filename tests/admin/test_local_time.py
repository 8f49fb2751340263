"""Times in the staff member's own zone: written one way, aged in lists, and a filtered day is a day of that zone
(a lead at 01:34 in Muscat on the 25th belongs to the 25th there, though it is the 24th in UTC)."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from leads.lead_payloads import VALID
from staff_client import lead_links, reports_zone, token_of

from marketing_site.admin.local_time import StaffClock, viewer_zone
from marketing_site.core.clock import frozen
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit

MUSCAT = ZoneInfo("Asia/Muscat")
API = SubmissionContext("local-time-tests")


def demo_at(moment: datetime, school: str) -> int:
    with frozen(moment):
        return lead_submit(
            LeadKind.SCHEDULE_DEMO,
            {**VALID["ScheduleDemo"], "school": school, "email": f"{uuid.uuid4().hex[:8]}@school.example"},
            API,
        )


def test_a_time_is_written_one_way_with_its_place_and_a_list_shows_its_age():
    now = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
    clock = StaffClock.at(MUSCAT, now)
    assert clock.when(datetime(2026, 11, 25, 5, 34, tzinfo=UTC)) == "Wed 25 Nov, 09:34 (Muscat)"
    assert clock.when(datetime(2025, 3, 3, 6, 0, tzinfo=UTC)) == "Mon 3 Mar 2025, 10:00 (Muscat)"
    assert clock.when(datetime(2026, 11, 25, 5, 34)) == "Wed 25 Nov, 09:34 (Muscat)"  # noqa: DTZ001 (SQLite's naive UTC)
    ages = [clock.ago(now - delta) for delta in (timedelta(seconds=20), timedelta(minutes=5), timedelta(hours=2))]
    assert ages == ["just now", "5 min ago", "2 h ago"]
    assert (clock.ago(now - timedelta(days=3)), clock.ago(now - timedelta(days=40))) == ("3 d ago", "Fri 16 Oct")
    assert clock.iso(datetime(2026, 11, 25, 5, 34, 7, 123456, tzinfo=UTC)) == "2026-11-25T09:34:07+04:00"
    london = StaffClock.at(ZoneInfo("Europe/London"), now)
    assert london.when(datetime(2026, 7, 1, 12, 0, tzinfo=UTC)) == "Wed 1 Jul, 13:00 (London)"
    assert london.iso(datetime(2026, 7, 1, 12, 0, tzinfo=UTC)) == "2026-07-01T13:00:00+01:00"


def test_a_day_of_a_zone_begins_at_its_own_midnight_even_across_a_dst_change():
    london = StaffClock.at(ZoneInfo("Europe/London"), datetime(2026, 3, 29, 12, 0, tzinfo=UTC))
    assert london.day_start(date(2026, 3, 29)) == datetime(2026, 3, 29, 0, 0, tzinfo=UTC)
    assert london.day_start(date(2026, 3, 30)) == datetime(2026, 3, 29, 23, 0, tzinfo=UTC)  # a 23-hour day
    assert StaffClock.at(MUSCAT, datetime.now(UTC)).day_start(date(2026, 11, 25)) == datetime(
        2026, 11, 24, 20, 0, tzinfo=UTC
    )


def test_the_zone_is_the_accounts_choice_else_the_browsers_else_the_companys():
    assert viewer_zone("Asia/Karachi", "Europe/London") == ZoneInfo("Asia/Karachi")
    assert viewer_zone(None, "Europe/London") == ZoneInfo("Europe/London")
    assert viewer_zone(None, "Mars/Olympus") == viewer_zone(None, "../../etc/passwd") == MUSCAT
    assert viewer_zone(None, None) == MUSCAT


def test_the_date_filter_means_days_in_the_readers_zone(as_role):
    now = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)  # read in the demos' year: their dates are shown without it
    with frozen(now):  # signed in then: a session's idle and absolute limits count on the same clock
        browser, _ = as_role("sales")
    school = f"Dawn School {uuid.uuid4().hex[:8]}"
    early = demo_at(datetime(2026, 11, 24, 21, 34, tzinfo=UTC), school)  # 01:34 on the 25th in Muscat
    evening = demo_at(datetime(2026, 11, 24, 19, 0, tzinfo=UTC), school)  # 23:00 on the 24th in Muscat
    day = {"q": school, "since": "2026-11-25", "until": "2026-11-25"}
    with frozen(now):
        assert lead_links(browser.get("/admin/", params=day).text) == [early]
        in_utc = reports_zone(browser, "UTC").get("/admin/", params=day).text
        assert lead_links(in_utc) == [] and "Times in UTC" in in_utc
        page = reports_zone(browser, None).get("/admin/", params={"q": school, "until": "2026-11-24"}).text
        assert lead_links(page) == [evening] and "Tue 24 Nov, 23:00 (Muscat)" in page


def test_quick_day_links_and_the_chart_count_days_of_the_readers_zone(as_role):
    now = datetime(2031, 6, 10, 6, 0, tzinfo=UTC)  # 10:00 on Tue 10 June in Muscat
    with frozen(now):  # signed in then: a session's idle and absolute limits count on the same clock
        browser, _ = as_role("admin")
    demo_at(datetime(2031, 6, 9, 20, 30, tzinfo=UTC), f"Chart School {uuid.uuid4().hex[:8]}")  # 00:30 there

    def day_total(page: str, day: str) -> int:
        return int(re.findall(r"\d+", re.search(rf'<tr><th scope="row">{day}</th>(.*?)</tr>', page).group(1))[-1])

    with frozen(now):
        page = reports_zone(browser, None).get("/admin/").text
        assert re.search(r'since=2031-06-09&amp;until=2031-06-09[^"]*">Yesterday</a>', page)
        assert re.search(r'since=2031-06-04&amp;until=2031-06-10[^"]*">Last 7 days</a>', page)
        assert (day_total(page, "Tue 10 Jun"), day_total(page, "Mon 9 Jun")) == (1, 0)
        in_utc = reports_zone(browser, "UTC").get("/admin/").text
        assert (day_total(in_utc, "Tue 10 Jun"), day_total(in_utc, "Mon 9 Jun")) == (0, 1)
        assert "(UTC days)" in in_utc and "(Muscat days)" in page


def test_a_staff_member_chooses_their_zone_and_is_told_it_is_saved(as_role):
    browser, _ = as_role("sales")
    page = reports_zone(browser, "Europe/Paris").get("/admin/preferences").text
    assert "The zone this browser is in (Europe/Paris)" in page
    token = token_of(browser)
    refused = browser.post("/admin/preferences", data={"time_zone": "Mars/Olympus", "csrf_token": token})
    assert refused.status_code == 400 and "Choose a time zone from the list" in refused.text
    saved = browser.post("/admin/preferences", data={"time_zone": "Asia/Karachi", "csrf_token": token})
    assert saved.status_code == 303
    page = browser.get(saved.headers["location"]).text
    assert '<p class="notice" role="status">Saved</p>' in page and "<option selected>Asia/Karachi</option>" in page
    assert "times in Karachi" in page  # the account's choice wins over the browser's
    browser.post("/admin/preferences", data={"time_zone": "", "csrf_token": token})
    assert "times in Paris" in browser.get("/admin/").text
