"""Staff-area test helpers: a TestClient on the real admin app, and signing in through its own form."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from marketing_site.admin.app import build_admin
from marketing_site.staff.models import StaffUser

PASSWORD = "correct horse battery"


def client() -> TestClient:
    return TestClient(build_admin(), follow_redirects=False)


def csrf(page_html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page_html).group(1)


def signed_in(user: StaffUser) -> TestClient:
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    answer = browser.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token})
    assert answer.status_code == 303, answer.text
    return browser


def token_of(browser: TestClient) -> str:
    return csrf(browser.get("/admin/").text)


def leads_shown(page_html: str) -> int:
    """How many leads the inbox says match its filters ("53 leads, page 1 of 2")."""
    return int(re.search(r'<p role="status" aria-live="polite">(\d+) leads?', page_html).group(1))


def lead_links(page_html: str) -> list[int]:
    """The leads listed on an inbox page, in their order."""
    return [int(found) for found in re.findall(r'<a href="/admin/leads/(\d+)"><bdi>', page_html)]


def reports_zone(browser: TestClient, zone: str | None) -> TestClient:
    """The time zone the browser reports from now on (staff.js's cookie), or none."""
    browser.cookies.delete("staff_tz")
    if zone:
        browser.cookies.set("staff_tz", zone)
    return browser
