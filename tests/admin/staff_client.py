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
