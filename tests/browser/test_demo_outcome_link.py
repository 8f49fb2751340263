"""The host's one-click link in Chromium on a phone (390 px): the page names the demo and holds one button, reached
and pressed with the keyboard; the link opened again says the demo is already marked; a double click on the
other demo's No-show marks it once. Every page passes axe and never scrolls sideways at 360 or 390 px."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
from axe_check import axe_source, violations
from booking_visitor import host  # noqa: F401 (a fixture: a host in Muscat, around the clock)
from playwright.sync_api import expect
from sqlalchemy import text
from staff_browser import DEMO

PHONE = {"width": 390, "height": 844}


def ended_demo(served, site_db, host_name: str, hours_ago: int) -> dict[str, str]:
    """A demo booked through the API, then (as if its day had come) moved into the past by the database; the
    paths of the Held and No-show links its host's end-of-demo mail carries."""
    soon = (datetime.now(ZoneInfo("Asia/Muscat")) + timedelta(days=2)).date().isoformat()
    slots = httpx.get(
        f"{served.backend_url}/api/demo-slots", params={"from": soon, "days": 7, "tz": "Asia/Muscat"}, timeout=10
    ).json()["slots"]
    slot = next(slot for slot in slots if slot["host"] == host_name)
    email = f"outcome-{uuid.uuid4().hex[:6]}@school.om"
    answer = httpx.post(
        f"{served.backend_url}/api/demo-bookings",
        json={**DEMO, "email": email, "country": "Oman", "slotId": slot["id"], "timeZone": "Asia/Muscat"},
        headers={"Origin": served.site_url},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    lead_id = answer.json()["id"]
    start = datetime.now(UTC).replace(minute=0, second=0, microsecond=0) - timedelta(hours=hours_ago)
    with site_db.begin() as connection:
        connection.execute(
            text("UPDATE demo_booking SET starts_at = :start, ends_at = :end WHERE lead_id = :lead"),
            {"start": start, "end": start + timedelta(minutes=30), "lead": lead_id},
        )
        body = connection.execute(
            text("SELECT text_body FROM outbox_mail WHERE lead_id = :lead AND audience = 'outcome'"), {"lead": lead_id}
        ).scalar_one()
    return {
        label: re.search(rf"^{label}: \S+(/admin/demo-outcome/\S+)$", body, re.MULTILINE)[1]
        for label in ("Held", "No-show")
    } | {"lead": str(lead_id)}


def outcome_of(site_db, lead_id: str) -> tuple[str, int]:
    """The booking's status and how many no-show mails its visitor has."""
    with site_db.connect() as connection:
        status = connection.execute(
            text("SELECT status FROM demo_booking WHERE lead_id = :lead"), {"lead": int(lead_id)}
        ).scalar_one()
        missed = connection.execute(
            text("SELECT count(*) FROM outbox_mail WHERE lead_id = :lead AND audience = 'missed'"),
            {"lead": int(lead_id)},
        ).scalar_one()
    return status, missed


def test_the_host_marks_a_demo_from_the_link_on_a_phone_with_the_keyboard(browser, served, site_db, host) -> None:
    held, missed = ended_demo(served, site_db, host, hours_ago=3), ended_demo(served, site_db, host, hours_ago=5)
    context = browser.new_context(viewport=PHONE, timezone_id="Asia/Muscat")
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def look(heading: str) -> None:
        expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
        found[heading] = violations(page, axe_source())
        for width in (360, 390):
            page.set_viewport_size({"width": width, "height": PHONE["height"]})
            assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")

    page.goto(f"{served.backend_url}{held['Held']}")
    look("Mark the demo held?")
    expect(page.get_by_text(host, exact=True)).to_be_visible()  # the host's name as typed, never as markup
    button = page.get_by_role("button", name="Yes, it was held")
    for _ in range(8):  # from the top of the page: the skip link, the brand, …, the one button
        page.keyboard.press("Tab")
        if button.evaluate("element => element === document.activeElement"):
            break
    page.keyboard.press("Enter")
    look("Marked held")
    expect(page.get_by_text("gets a short recap on")).to_be_visible()
    page.goto(f"{served.backend_url}{held['Held']}")  # the mail's link opened again
    look("Already marked")
    expect(page.get_by_role("alert")).to_contain_text("This demo is already marked held")
    assert outcome_of(site_db, held["lead"]) == ("held", 0)

    page.goto(f"{served.backend_url}{missed['No-show']}")
    page.get_by_role("button", name="Yes, they did not come").dblclick()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Marked a no-show|Already marked"))
    assert outcome_of(site_db, missed["lead"]) == ("no_show", 1)
    assert {heading: problems for heading, problems in found.items() if problems} == {}
    context.close()
