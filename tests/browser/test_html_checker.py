"""The W3C Nu HTML Checker finds no error on any page: every exported route of every language, the 404 pages and
the SPA fallback, the visitor's booking pages and the staff area (issue 33, item 11). Reports that are not
errors of ours are allowed in `html_checker.ALLOWED`, each with its reason. The checker runs once, in the
SQLite pass: the HTML does not depend on the database.

The checker does not follow `aria-controls`, so a check of our own does: each names an element of its page.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from booked_demo import booked_lead, pick_link, visitor_link
from booking_visitor import host  # noqa: F401 (a fixture: a host in Muscat, around the clock)
from html_checker import check
from playwright.sync_api import Page
from site_pages import registered_routes
from sqlalchemy import text
from staff_browser import api_lead, create_staff, sign_in
from staff_pages import staff_pages

from marketing_site.build.html_language import route_of_file
from marketing_site.content.messages import ENGLISH

pytestmark = pytest.mark.database_independent


def exported_pages(static_root: Path) -> list[Path]:
    return sorted(static_root.rglob("*.html"))


def test_the_checker_finds_no_error_on_any_exported_page(static_root: Path) -> None:
    pages = exported_pages(static_root)
    checked = {route_of_file(static_root, page) for page in pages}
    assert registered_routes() <= checked, "every route's file is checked"
    assert {"/404", "/ar/404", "/__spa-fallback"} <= checked
    reports = [str(report).replace(str(static_root), "") for report in check(static_root)]
    assert reports == []


def test_every_aria_controls_names_an_element_of_its_page(static_root: Path) -> None:
    """Issue 33: the chat bubble's aria-controls named a panel that exists only while it is open."""
    dangling = {}
    for page in exported_pages(static_root):
        html = page.read_text(encoding="utf-8")
        ids = set(re.findall(r'\sid="([^"]+)"', html))
        missing = set(re.findall(r'aria-controls="([^"]+)"', html)) - ids
        if missing:
            dangling[route_of_file(static_root, page)] = sorted(missing)
    assert dangling == {}


def saved(folder: Path, name: str, html: str) -> Path:
    path = folder / f"{name}.html"
    path.write_text(html, encoding="utf-8")
    return path


def test_the_checker_finds_no_error_on_the_booking_pages_in_both_languages(
    page: Page, served, site_db, host, tmp_path: Path
) -> None:
    fetched = []
    for language in ("en", "ar"):
        lead_id = booked_lead(served, host, language, email=f"vnu-{uuid.uuid4().hex[:6]}@school.om")
        link = visitor_link(site_db, lead_id)
        fetched.append(saved(tmp_path, f"booking-{language}", page.request.get(link).text()))
        fetched.append(saved(tmp_path, f"cancel-{language}", page.request.get(f"{link}/cancel").text()))
        page.goto(f"{link}/cancel")
        page.locator("main form button").click()  # the one button that cancels
        page.wait_for_url(re.compile(r"done=cancelled"))
        fetched.append(saved(tmp_path, f"cancelled-{language}", page.request.get(link).text()))
    request = api_lead(served, "ScheduleDemo", email=f"vnu-{uuid.uuid4().hex[:6]}@school.om")
    fetched.append(saved(tmp_path, "pick", page.request.get(pick_link(site_db, request)).text()))
    fetched.append(saved(tmp_path, "problem", page.request.get(f"{served.backend_url}/booking/not-a-token").text()))
    assert ENGLISH["booking.page.book_again"] in (tmp_path / "cancelled-en.html").read_text()
    assert [str(report) for report in check(*fetched)] == []


def test_the_checker_finds_no_error_on_any_staff_page(browser, served, site_db, host, tmp_path: Path) -> None:
    context = browser.new_context(base_url=served.site_url)
    staff = context.new_page()
    fetched = [saved(tmp_path, "signin", staff.request.get(f"{served.backend_url}/admin/signin").text())]
    sign_in(staff, served, create_staff(served, "admin"))
    demo = booked_lead(served, host, email=f"vnu-staff-{uuid.uuid4().hex[:6]}@school.om")
    with site_db.begin() as connection:
        application = connection.execute(
            text(
                "INSERT INTO lead (kind, created_at, language, email, first_name, last_name, phone_e164, phone_raw,"
                " city, position, source_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,"
                " consent_text_version) VALUES ('Careers', CURRENT_TIMESTAMP, 'en', :e, 'Sara', 'Iqbal',"
                " '+923001234567', '0300 1234567', 'Lahore', 'Physics', '/careers', '', '', '', '', '', '', '')"
                " RETURNING id"
            ),
            {"e": f"vnu-{uuid.uuid4().hex[:6]}@mail.example"},
        ).scalar_one()
    paths = staff_pages(demo, application, booked=True)
    for number, path in enumerate(paths):
        answer = staff.request.get(f"{served.backend_url}{path}")
        assert answer.status == 200, path
        fetched.append(saved(tmp_path, f"staff-{number}", answer.text()))
    context.close()
    assert [str(report) for report in check(*fetched)] == []
