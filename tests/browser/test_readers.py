"""Readers cost nothing (issue 31): a visitor who only reads opens no websocket and sends nothing to the
backend, however long they stay; a form connects on the first focus in it, and nothing sent before the
connection is there is lost.

The content pages are watched together: each is opened by its own visitor (a browser context of its own),
hydrated and scrolled through like a reader, and kept open until 30 s after it loaded while the next ones
open, so every page gets its full 30 s and the whole walk takes 30 s plus the time to open them all.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from hydration import open_page
from lead_forms import email_for, fill_careers, fill_demo_contact, fill_phone
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect
from samples import PDF
from site_pages import visitable_pages
from stored_leads import leads_for

from marketing_site.content import forms
from marketing_site.content.modules import HR
from marketing_site.i18n.languages import language_of_path
from marketing_site.leads.schemas import LeadKind

WATCH_SECONDS = 30
FORM_ROUTES = frozenset({"/schedule", "/signup", "/SchedulSingleDemo", "/careers"})
CONTENT_ROUTES = tuple(
    spec.route
    for spec in visitable_pages()
    if (spec.route.removeprefix(language_of_path(spec.route).prefix) or "/") not in FORM_ROUTES
)
# A reader's scroll from top to bottom and back: counters, carousels and lazy images all run in the browser.
SCROLL_THROUGH = (
    "async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) {"
    " window.scrollTo(0, y); await new Promise((done) => setTimeout(done, 40)); } window.scrollTo(0, 0); }"
)
HYDRATED = (
    "() => { const m = document.querySelector('main');"
    " return m && Object.keys(m).some((k) => k.startsWith('__reactProps')); }"
)


@dataclass
class Reader:
    """One visitor on one page, and whatever it sent the backend (websockets, requests) while watched."""

    route: str
    context: BrowserContext
    opened_at: float
    backend: list[str] = field(default_factory=list)


def read(browser: Browser, base_url: str, backend_host: str, route: str) -> Reader:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    reader = Reader(route, context, time.monotonic())
    page = context.new_page()
    page.on("websocket", lambda socket: reader.backend.append(f"websocket {socket.url}"))
    page.on(
        "request", lambda asked: reader.backend.append(asked.url) if urlsplit(asked.url).netloc == backend_host else 0
    )
    open_page(page, route)
    page.evaluate(SCROLL_THROUGH)
    return reader


def test_no_content_page_opens_a_websocket_or_asks_the_backend_anything_for_30_seconds(browser, served) -> None:
    assert len(CONTENT_ROUTES) > 70 and "/ar" in CONTENT_ROUTES and "/ar/schedule" not in CONTENT_ROUTES
    backend_host = urlsplit(served.backend_url).netloc
    watched: list[Reader] = []
    talked: dict[str, list[str]] = {}

    def leave(reader: Reader) -> None:
        """The end of a reader's watch (leaving sends the web-vitals beacon, after it)."""
        if reader.backend:
            talked[reader.route] = list(reader.backend)
        reader.context.close()

    for route in CONTENT_ROUTES:
        watched.append(read(browser, served.site_url, backend_host, route))
        while time.monotonic() - watched[0].opened_at >= WATCH_SECONDS:
            leave(watched.pop(0))
    for reader in watched:
        time.sleep(max(0.0, reader.opened_at + WATCH_SECONDS - time.monotonic()))
        leave(reader)
    assert talked == {}


@pytest.mark.parametrize(("route", "form"), [("/schedule", "schedule-demo"), ("/ar/careers", "careers")])
def test_a_form_page_connects_on_the_first_focus_in_the_form_and_not_before(page: Page, route: str, form: str) -> None:
    sockets: list[WebSocket] = []
    sent: list[str] = []
    page.on("websocket", lambda socket: (sockets.append(socket), socket.on("framesent", lambda f: sent.append(str(f)))))
    open_page(page, route)
    page.mouse.wheel(0, 400)
    page.wait_for_timeout(1500)
    assert sockets == []

    page.focus(f"#{form}-firstName")
    expect(page.locator(f"#{form} [name={forms.START_TOKEN_NAME}]")).not_to_have_value("")  # the signed start came
    assert len(sockets) == 1
    assert any("hydrate_and_load" in frame for frame in sent), "the hydrate rides in the connection"
    page.focus(f"#{form}-email")
    page.wait_for_timeout(500)
    assert sum(".start" in frame for frame in sent) == 1, "one start per form"


def test_each_of_the_five_forms_sent_at_once_after_load_stores_one_lead(browser, served, site_db) -> None:
    """Five visitors at once, each filling and sending a form the moment its page is ready (before its
    websocket had time to open): each lead arrives, once."""
    routes = ("/schedule", "/signup", "/SchedulSingleDemo", "/careers", HR.route)
    visitors = [browser.new_context(base_url=served.site_url) for _ in routes]
    pages = [context.new_page() for context in visitors]
    emails = {kind: email_for(f"at-once-{kind.value.lower()}") for kind in LeadKind}
    try:
        for page, route in zip(pages, routes, strict=True):
            page.goto(route, wait_until="commit")  # all five load together
        for page in pages:
            page.wait_for_function(HYDRATED)
        schedule, signup, demo, careers, video = pages
        for page, form, kind in (
            (schedule, "schedule-demo", LeadKind.SCHEDULE_DEMO),
            (signup, "signup-demo", LeadKind.SIGNUP_DEMO),
            (demo, "demo-request", LeadKind.PRODUCT_DEMO),
        ):
            fill_demo_contact(page, form, emails[kind])
            page.click(f"#{form} button[type=submit]")
        fill_careers(careers, emails[LeadKind.CAREERS])
        careers.get_by_label(forms.RESUME_LABEL, exact=True).set_input_files(
            files=[{"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF}]
        )
        careers.click("#careers button[type=submit]")
        video.click("#watch-video")
        video.fill("#product-video-name", "Ali Raza")
        video.fill("#product-video-email", emails[LeadKind.PRODUCT_VIDEO])
        fill_phone(video, "product-video-contactNo", "3001234567")
        video.click("#product-video button[type=submit]")

        for page, form in zip(
            pages, ("schedule-demo", "signup-demo", "demo-request", "careers", "product-video"), strict=True
        ):
            expect(page.locator(f"#{form}-success")).to_be_visible(timeout=20000)
        assert {kind: len(leads_for(email, kind, site_db)) for kind, email in emails.items()} == dict.fromkeys(
            LeadKind, 1
        )
    finally:
        for context in visitors:
            context.close()
