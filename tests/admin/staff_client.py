"""Staff-area test helpers: a TestClient on the real admin app, and signing in through its own forms
(password, then a code from the account's authenticator app, as a phone would compute it)."""

from __future__ import annotations

import re
from contextlib import nullcontext
from datetime import timedelta

import pyotp
from starlette.testclient import TestClient

from marketing_site.admin.app import build_admin
from marketing_site.admin.signin import totp
from marketing_site.admin.staff_db import staff_write_session
from marketing_site.core.clock import frozen, utc_now
from marketing_site.staff.models import StaffUser

PASSWORD = "correct horse battery"
AUTHENTICATORS: dict[int, str] = {}  # account id -> its TOTP secret, as the phone holds it
_USED_STEPS: dict[int, int] = {}
STEP = timedelta(seconds=30)


def client(address: str = "testclient") -> TestClient:
    return TestClient(build_admin(), follow_redirects=False, client=(address, 50000))


def csrf(page_html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page_html).group(1)


def with_authenticator(user: StaffUser) -> StaffUser:
    """Give the account an authenticator app (as its enrolment would have)."""
    secret = pyotp.random_base32()
    with staff_write_session() as db_session:
        totp.totp_save(db_session, user.id, secret, last_timecode=0)
        db_session.commit()
    AUTHENTICATORS[user.id] = secret
    return user


def _next_step(user: StaffUser) -> tuple[int, int]:
    """(step, current step): the next step the server has not accepted yet for the account, now or later."""
    current = pyotp.TOTP(AUTHENTICATORS[user.id]).timecode(utc_now())
    step = max(current, _USED_STEPS.get(user.id, 0) + 1)
    _USED_STEPS[user.id] = step
    return step, current


def phone_code(user: StaffUser) -> str:
    """The app's code for the next step the server has not accepted yet (now, or the one after: drift)."""
    step, _ = _next_step(user)
    return pyotp.TOTP(AUTHENTICATORS[user.id]).generate_otp(step)


def password_only(user: StaffUser, browser: TestClient | None = None, password: str = PASSWORD) -> TestClient:
    """A browser that gave the right password and nothing more."""
    browser = browser or client()
    token = csrf(browser.get("/admin/signin").text)
    answer = browser.post("/admin/signin", data={"email": user.email, "password": password, "csrf_token": token})
    assert answer.status_code == 303 and answer.headers["location"].startswith("/admin/second-factor"), answer.text
    return browser


def second_factor(browser: TestClient, code: str, field: str = "code"):
    token = csrf(browser.get("/admin/second-factor").text)
    return browser.post("/admin/second-factor", data={field: code, "csrf_token": token, "next": "/admin/"})


def signed_in(user: StaffUser, browser: TestClient | None = None) -> TestClient:
    """Password and a fresh code; an account signed in more often than every 30 s gets a later step's code,
    given while the server's clock is moved on to that step (codes are single-use)."""
    browser = password_only(user, browser)
    step, current = _next_step(user)
    later = frozen(utc_now() + (step - current) * STEP) if step > current + 1 else nullcontext()
    with later:
        answer = second_factor(browser, pyotp.TOTP(AUTHENTICATORS[user.id]).generate_otp(step))
    assert answer.status_code == 303, answer.text
    return browser


def token_of(browser: TestClient) -> str:
    return csrf(browser.get("/admin/account").text)


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
