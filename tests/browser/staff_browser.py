"""A staff member in Chromium against the served backend: accounts made the documented way, leads sent through
the API, and signing in. Signing in lives here alone (the password, then the authenticator app a new account
sets up on its first sign-in), so a change to the sign-in flow is made in one place."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pyotp
import staff_http
from leads.lead_payloads import DEMO_CONTACT
from playwright.sync_api import Page, expect

PASSWORD = staff_http.PASSWORD  # the password create_staff gives
DEMO = {name: value for name, value in DEMO_CONTACT.items() if name != "email"}  # each test gives its own address


def create_staff(served, role: str) -> str:
    """A staff account made the documented way: the command, on the served backend's database."""
    return staff_http.create_staff(served.env, role)


def api_lead(served, kind: str, **fields) -> int:
    answer = httpx.post(
        f"{served.backend_url}/api/{kind}", json={**DEMO, **fields}, headers={"Origin": served.site_url}, timeout=10
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def sign_in(
    page: Page, served, email: str, backend: str = "", look: Callable[[Page], None] = lambda _page: None
) -> list[str]:
    """A new account's first sign-in: password, then its authenticator app set up from the page's key; ``look``
    sees each page on the way. Returns the recovery codes it was shown."""
    page.goto(f"{backend or served.backend_url}/admin/")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    look(page)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("heading", name="Set up your authenticator app")).to_be_visible()
    look(page)
    secret = page.locator("figcaption code").inner_text()
    page.get_by_label("Six-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", name="Your recovery codes")).to_be_visible()
    look(page)
    codes = page.locator("ol code").all_inner_texts()
    page.get_by_role("link", name="I have saved them: continue").click()
    expect(page.get_by_role("heading", name="Inbox")).to_be_visible()
    return codes


def sign_in_again(page: Page, served, email: str, recovery_code: str, look: Callable[[Page], None]) -> None:
    """A later sign-in: password, then (the app's code of this half-minute being spent) a recovery code."""
    page.goto(f"{served.backend_url}/admin/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("heading", name="Prove it is you")).to_be_visible()
    look(page)
    page.get_by_text("Lost your phone and passkey?").click()
    page.get_by_label("Recovery code").fill(recovery_code)
    page.get_by_role("button", name="Use recovery code").click()
    expect(page.get_by_role("heading", name="Inbox")).to_be_visible()


def sign_out(page: Page) -> None:
    page.get_by_role("button", name="Sign out").first.click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
