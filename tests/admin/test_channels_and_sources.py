"""Where a lead came from, as staff read it: the first and last touch in the lead page's Source and in the CSV, and
the channel report (leads, demos booked and held, won per source / medium / campaign, first or last touch, a
period of the reader's days, CSV), which only sales and admins open."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import UTC, datetime

import pytest
from booking.hosts import round_the_clock_slots
from channel_writes import set_status, with_demo
from leads.lead_payloads import VALID
from sqlalchemy import select
from staff_client import reports_zone

from marketing_site.admin.work.erasure import person_erase
from marketing_site.booking.models import BookingStatus
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.models import Lead, LeadTouch
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.leads.statuses import LeadStatus

LANDING = "https://school.example/studentSmart?utm_source=news&utm_campaign={campaign}&gclid=TEST123"


def from_campaign(campaign: str, last: dict[str, str] | None = None) -> SubmissionContext:
    first = {"landingUrl": LANDING.format(campaign=campaign), "utm_source": "news", "utm_campaign": campaign}
    return SubmissionContext(
        client_id="channels-tests",
        touches={
            "firstTouch": {**first, "gclid": "TEST123", "landedAt": "2026-11-20T08:00:00Z"},
            "lastTouch": last or first,
        },
    )


def demo_lead(context: SubmissionContext, kind: LeadKind = LeadKind.SCHEDULE_DEMO) -> int:
    answers = {**VALID[kind.value], "email": f"{uuid.uuid4().hex[:10]}@channels.example"}
    return lead_submit(kind, answers, context)


def report(browser, **params: str) -> list[dict[str, str]]:
    answer = browser.get("/admin/channels.csv", params=params)
    assert answer.status_code == 200 and answer.content.startswith(b"\xef\xbb\xbf")
    return list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))


def test_the_lead_page_groups_both_touches_under_source_and_the_csv_has_a_column_each(as_role):
    browser, _ = as_role("sales")
    campaign = f"term-{uuid.uuid4().hex[:6]}"
    lead_id = demo_lead(
        from_campaign(campaign, {"landingUrl": "https://school.example/?utm_source=fb", "utm_source": "fb"})
    )
    page = browser.get(f"/admin/leads/{lead_id}").text
    source = page[page.index(">Source</h2>") :]
    assert f"<bdi>news / (not set) / {campaign}</bdi>" in source
    assert "First touch: gclid</dt><dd><bdi>TEST123</bdi>" in source
    assert f"First touch: landing page</dt><dd><bdi>{LANDING.format(campaign=campaign).replace('&', '&amp;')}" in source
    assert "Last touch</dt><dd><bdi>fb / (not set) / (not set)</bdi>" in source
    assert "Last touch: gclid" not in source  # a field the visit did not bring is left out
    [row] = report_rows(browser, lead_id)
    assert row["First touch gclid"] == "TEST123" and row["First touch UTM campaign"] == campaign
    assert row["First touch landing page"] == LANDING.format(campaign=campaign)
    assert row["First touch landed"].startswith("2026-11-20T")
    assert (row["Last touch UTM source"], row["Last touch gclid"], row["Last touch landed"]) == ("fb", "", "")


def report_rows(browser, lead_id: int) -> list[dict[str, str]]:
    answer = browser.get("/admin/export.csv", params={"kind": "ScheduleDemo", "sort": "newest"})
    rows = csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig")))
    return [row for row in rows if row["Lead"] == str(lead_id)]


def test_a_lead_without_touches_says_so_only_where_others_have_them(as_role):
    browser, _ = as_role("sales")
    lead_id = demo_lead(SubmissionContext(client_id="channels-tests"))
    page = browser.get(f"/admin/leads/{lead_id}").text
    assert "First touch" not in page and "Last touch" not in page


def test_the_report_counts_leads_demos_booked_and_held_and_won_per_channel(as_role):
    browser, _ = as_role("sales")
    slots = iter(round_the_clock_slots("Channel Host"))
    campaign, other = f"c-{uuid.uuid4().hex[:6]}", f"o-{uuid.uuid4().hex[:6]}"
    ids = [demo_lead(from_campaign(campaign)) for _ in range(4)]
    with_demo(ids[0], next(slots), BookingStatus.HELD)
    with_demo(ids[1], next(slots), BookingStatus.HELD)
    with_demo(ids[2], next(slots), BookingStatus.CANCELLED)
    set_status(ids[0], LeadStatus.WON)
    moved_on = demo_lead(from_campaign(campaign, {"utm_source": "fb", "utm_campaign": other}))
    with_demo(moved_on, next(slots), BookingStatus.NO_SHOW)
    first = {row["Campaign"]: row for row in report(browser, touch="first")}
    assert {
        key: first[campaign][key] for key in ("Source", "Medium", "Leads", "Demos booked", "Demos held", "Won")
    } == {
        "Source": "news",
        "Medium": "(not set)",
        "Leads": "5",
        "Demos booked": "4",
        "Demos held": "2",
        "Won": "1",
    }
    last = {row["Campaign"]: row for row in report(browser, touch="last")}
    assert (last[campaign]["Leads"], last[campaign]["Demos booked"]) == ("4", "3")
    assert (last[other]["Source"], last[other]["Leads"], last[other]["Demos held"]) == ("fb", "1", "0")
    by_source = report(browser, touch="last", by="source")
    assert list(by_source[0]) == ["Source", "Leads", "Demos booked", "Demos held", "Won"]
    assert by_source[-1]["Source"] == "All channels"
    assert int(by_source[-1]["Leads"]) == sum(int(row["Leads"]) for row in by_source[:-1])


def test_the_period_is_days_of_the_readers_zone(as_role):
    browser, _ = as_role("admin")
    campaign = f"night-{uuid.uuid4().hex[:6]}"
    with frozen(datetime(2026, 3, 10, 20, 30, tzinfo=UTC)):  # 01:30 on the 11th in Karachi, still the 10th in UTC
        demo_lead(from_campaign(campaign))
    reports_zone(browser, "Asia/Karachi")
    on_the_11th = report(browser, since="2026-03-11", until="2026-03-11")
    assert [row["Leads"] for row in on_the_11th if row["Campaign"] == campaign] == ["1"]
    reports_zone(browser, "UTC")
    assert [row for row in report(browser, since="2026-03-11", until="2026-03-11") if row["Campaign"] == campaign] == []
    assert [
        row["Leads"] for row in report(browser, since="2026-03-10", until="2026-03-10") if row["Campaign"] == campaign
    ] == ["1"]


def test_the_report_leaves_out_applications_and_quarantine_and_neutralises_formulas(as_role):
    browser, _ = as_role("admin")
    campaign = f'=HYPERLINK("x") {uuid.uuid4().hex[:6]}'
    demo_lead(from_campaign(campaign))
    lead_submit(
        LeadKind.CAREERS,
        {
            "firstName": "A",
            "lastName": "B",
            "email": "a@b.example",
            "mobile": "+923001234567",
            "country": "Pakistan",
            "city": "Lahore",
            "position": "Mathematics",
        },
        from_campaign(campaign),
    )
    rows = [row for row in report(browser) if row["Campaign"].endswith(campaign[-6:])]
    assert [(row["Campaign"], row["Leads"]) for row in rows] == [("'" + campaign, "1")]


@pytest.mark.parametrize("role", ["hr"])
def test_hr_may_not_open_the_report(as_role, role):
    browser, _ = as_role(role)
    assert browser.get("/admin/channels").status_code == 403
    assert browser.get("/admin/channels.csv").status_code == 403
    assert "/admin/channels" not in browser.get("/admin/").text


def test_the_report_page_shows_both_views_and_refuses_a_day_no_lead_can_have(as_role):
    browser, _ = as_role("sales")
    campaign = f"page-{uuid.uuid4().hex[:6]}"
    demo_lead(from_campaign(campaign))
    page = browser.get("/admin/channels", params={"touch": "last"})
    assert page.status_code == 200
    assert f"<bdi>{campaign}</bdi>" in page.text
    assert 'href="/admin/channels?since=' in page.text and "First touch</a>" in page.text
    assert 'aria-current="true">Last touch</a>' in page.text
    assert browser.get("/admin/channels", params={"since": "2026-02-30"}).status_code == 400
    assert browser.get("/admin/channels", params={"until": "tomorrow"}).status_code == 400


def test_erasing_a_person_erases_the_visits_kept_with_their_leads(staff):
    lead_id = demo_lead(from_campaign(f"erase-{uuid.uuid4().hex[:6]}"))
    with db.session() as db_session:
        email = db_session.get(Lead, lead_id).email
    assert person_erase(email, staff("admin")) == 1
    with db.session() as db_session:
        assert db_session.execute(select(LeadTouch).where(LeadTouch.lead_id == lead_id)).first() is None
