"""The ways a real person could lose a lead on the way to a demo, each tried in Chromium.

The anti-spam field out of reach (focus, autofill), a fast person told to press again, a busy
button from the click, a lost answer or an unreachable server told plainly with no developer
toast, a retry that never stores twice, and server field errors that take the focus to the field.
"""

from __future__ import annotations

import re
import threading

import pytest
from hydration import open_page
from lead_forms import MIN_FILL_MS, email_for, fill_demo_contact, fill_phone
from playwright.sync_api import Page, WebSocketRoute, expect
from stored_leads import leads_for

from marketing_site.content import forms
from marketing_site.content.modules import HR
from marketing_site.leads.schemas import LeadKind

FORM_PAGES = {
    "/schedule": "schedule-demo",
    "/signup": "signup-demo",
    "/SchedulSingleDemo": "demo-request",
    "/careers": "careers",
}
FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]"
DEVELOPER_TOAST = "Cannot connect to server"


def open_watch_video(page: Page) -> None:
    open_page(page, HR.route)
    page.click("#watch-video")
    expect(page.locator("#product-video-dialog")).to_be_visible()


def fill_watch_video(page: Page, email: str) -> None:
    page.fill("#product-video-name", "Ali Raza")
    page.fill("#product-video-email", email)
    fill_phone(page, "product-video-contactNo", "3001234567")


def active_id(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_watch_video_puts_the_focus_on_the_first_real_field(page: Page) -> None:
    open_watch_video(page)
    assert active_id(page) == "product-video-name"
    page.keyboard.type("Ali")
    expect(page.locator("#product-video-name")).to_have_value("Ali")
    expect(page.locator(f"#product-video [name={forms.HONEYPOT_NAME}]")).to_have_value("")


@pytest.mark.parametrize("route", list(FORM_PAGES))
def test_the_trap_field_is_out_of_reach_of_focus_and_autofill(page: Page, route: str) -> None:
    """Tab never lands on it and a script cannot focus it (autofill fills focusable fields only)."""
    form = FORM_PAGES[route]
    open_page(page, route)
    trap = page.locator(f"#{form} [name={forms.HONEYPOT_NAME}]")
    trap.evaluate("(input) => input.focus()")
    assert active_id(page) != trap.get_attribute("id")
    page.locator(f"#{form}").locator(FOCUSABLE).first.focus()
    for _ in range(6):  # the first fields of the form, in tab order
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.name") != forms.HONEYPOT_NAME
    assert trap.evaluate("(input) => !!input.closest('[inert]') && input.autocomplete === 'off'")


def test_a_fast_person_gets_the_normal_answer_and_one_quarantined_lead(page: Page, site_db) -> None:
    """Autofill (the fields are filled as the dialog reopens) and an instant submit meet the time trap:
    the visitor is thanked as usual, and the lead waits in quarantine for staff to release it."""
    email = email_for("fast")
    open_watch_video(page)
    fill_watch_video(page, email)
    page.get_by_role("button", name=forms.CANCEL_LABEL).click()
    page.click("#watch-video")  # a new form: its timer starts now, the fields are already filled
    page.click("#product-video button[type=submit]")
    expect(page.locator("#product-video-success")).to_be_visible()
    assert [lead.quarantined for lead in leads_for(email, LeadKind.PRODUCT_VIDEO, site_db)] == [True]


class EventSocket:
    """Stands between the page and the backend's websocket: can hold back the page's submit or
    the server's answers, as a network that drops packets would."""

    def __init__(self, page: Page):
        self.hold_submits = False
        self.drop_answers = False
        self.submits_sent = 0
        self._lock = threading.Lock()
        page.route_web_socket(re.compile(r"/_event"), self._route)

    def _route(self, client: WebSocketRoute) -> None:
        server = client.connect_to_server()

        def upstream(message: str | bytes) -> None:
            if isinstance(message, str) and ".submit" in message:
                if self.hold_submits:
                    return
                with self._lock:
                    self.submits_sent += 1
            server.send(message)

        def downstream(message: str | bytes) -> None:
            # Socket.IO events start with "42"; pings and pongs keep the connection alive.
            if self.drop_answers and isinstance(message, str) and message.startswith("42"):
                return
            client.send(message)

        client.on_message(upstream)
        server.on_message(downstream)


def test_the_button_is_busy_from_the_click_before_any_server_answer(page: Page) -> None:
    socket = EventSocket(page)
    open_page(page, "/signup")
    fill_demo_contact(page, "signup-demo", email_for("busy"))
    socket.hold_submits = True  # the server never hears of it
    page.wait_for_timeout(MIN_FILL_MS)
    button = page.locator("#signup-demo button[type=submit]")
    button.click()
    expect(button).to_have_text(forms.SUBMIT_BUSY_LABEL)  # the server never answers: the page alone says it
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_be_focused()


def test_a_lost_answer_is_told_plainly_and_the_retry_stores_one_lead(page: Page, site_db) -> None:
    """The lead is stored but its answer never reaches the page: after the time limit the visitor is
    told to press again, keeps every field, and pressing again shows the success with one row."""
    email = email_for("blip")
    socket = EventSocket(page)
    open_page(page, "/signup")
    fill_demo_contact(page, "signup-demo", email)
    socket.drop_answers = True
    page.wait_for_timeout(MIN_FILL_MS)
    page.click("#signup-demo button[type=submit]")
    alert = page.locator("#signup-demo [role=alert]")
    expect(alert).to_contain_text(forms.TIMEOUT_TEXT, timeout=8000)
    assert socket.submits_sent == 1 and len(leads_for(email, LeadKind.SIGNUP_DEMO, site_db)) == 1
    expect(page.locator("#signup-demo-firstName")).to_have_value("Amina")
    expect(page.locator("#signup-demo button[type=submit]")).to_have_text(forms.SIGNUP.submit_label)

    socket.drop_answers = False
    page.click("#signup-demo button[type=submit]")
    expect(page.locator("#signup-demo-success")).to_be_visible()
    assert socket.submits_sent == 2 and len(leads_for(email, LeadKind.SIGNUP_DEMO, site_db)) == 1


def test_an_unreachable_server_gets_a_calm_notice_and_the_request_goes_out_on_reconnect(
    page: Page, served, site_db
) -> None:
    """No developer toast; once the server is back the queued request goes through (quarantined if the
    restart lost the form's state and its start time): one lead, and the visitor is thanked."""
    email = email_for("offline")
    open_page(page, "/schedule")
    fill_demo_contact(page, "schedule-demo", email)
    page.wait_for_timeout(MIN_FILL_MS)
    alert = page.locator("#schedule-demo [role=alert]")
    served.backend.stop()
    try:
        expect(alert).to_be_empty()  # nothing is said while nothing is being sent
        page.click("#schedule-demo button[type=submit]")
        expect(alert).to_contain_text(forms.OFFLINE_TEXT)
        page.wait_for_timeout(1000)
        expect(page.locator("body")).not_to_contain_text(DEVELOPER_TOAST)
        expect(page.locator("#schedule-demo-firstName")).to_have_value("Amina")
    finally:
        served.backend.start()
    expect(page.locator("#schedule-demo-success")).to_be_visible(timeout=15000)
    assert len(leads_for(email, LeadKind.SCHEDULE_DEMO, site_db)) == 1


def test_server_field_errors_take_the_focus_to_the_first_invalid_field(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, "/schedule")
    fill_demo_contact(page, "schedule-demo", "amina@school")  # the server refuses this address
    page.wait_for_timeout(MIN_FILL_MS)
    page.click("#schedule-demo button[type=submit]")
    email = page.locator("#schedule-demo-email")
    expect(email).to_be_focused()
    expect(email).to_be_in_viewport()
    expect(email).to_have_accessible_description(re.compile("valid email address"))
    expect(page.locator("#schedule-demo [role=alert]")).to_contain_text(forms.FIX_FIELDS_TEXT)
