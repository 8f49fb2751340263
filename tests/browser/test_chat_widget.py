"""The chat widget on every page, with the backend stopped: open/close, Send to the chat app, no number configured."""

from __future__ import annotations

from urllib.parse import quote

from hydration import open_page
from offline import backend_down, page  # noqa: F401  (fixtures: backend stopped, no websocket frames)
from playwright.sync_api import Page, expect

from marketing_site.content import widgets
from marketing_site.settings import settings

CHAT_SEND_MODULE = "/external/marketing_site/components/chat_widget/chat_send.js"


def test_chat_widget_opens_and_closes_by_bubble_and_close_icon(page: Page):
    open_page(page)
    bubble = page.get_by_role("button", name=widgets.CHAT_OPEN_LABEL)
    panel = page.get_by_role("dialog", name=settings.chat_company_name)
    expect(bubble).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_hidden()

    bubble.click()
    expect(bubble).to_have_attribute("aria-expanded", "true")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(settings.chat_company_name)
    expect(panel).to_contain_text(settings.chat_message)
    expect(panel).to_contain_text("Typically replies within a day")
    expect(panel.get_by_placeholder("Type a message")).to_be_visible()
    expect(panel.get_by_role("button", name="Send")).to_be_visible()

    page.get_by_role("button", name=widgets.CHAT_CLOSE_LABEL).click()
    expect(panel).to_be_hidden()
    expect(bubble).to_have_attribute("aria-expanded", "false")
    bubble.click()
    expect(panel).to_be_visible()
    bubble.click()
    expect(panel).to_be_hidden()
    bubble.click()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(bubble).to_be_focused()


def test_chat_send_opens_the_chat_app_with_the_encoded_message_and_clears_the_input(page: Page, served):
    page.context.route(
        "https://wa.me/**",
        lambda route: route.fulfill(status=200, content_type="text/html", body="<title>chat</title>"),
    )
    open_page(page)
    page.get_by_role("button", name=widgets.CHAT_OPEN_LABEL).click()
    message = "Fees & dates for #2026? 50% off = yes"
    box = page.get_by_placeholder("Type a message")
    box.fill(message)
    with page.context.expect_page() as popup_info:
        page.get_by_role("button", name="Send").click()
    popup = popup_info.value
    number = served.env["CHAT_PHONE_NUMBER"]
    assert popup.url == f"https://wa.me/{number}?text={quote(message, safe='')}"
    assert "%23" in popup.url and "%26" in popup.url
    expect(box).to_have_value("")
    assert popup.evaluate("window.opener") is None, "opened with noopener"


def test_chat_send_without_a_number_alerts_and_sends_nothing(page: Page):
    """The build has a number, so the shipped send function is called as the widget would be without one."""
    open_page(page)
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.accept()))
    pages_before = len(page.context.pages)
    sent = page.evaluate(
        """async ([module, base, message]) => (await import(module)).sendChatMessage(
            {base, phoneDigits: "", text: "Hello", invalidPhoneMessage: message})""",
        [CHAT_SEND_MODULE, widgets.CHAT_LINK_BASE, widgets.CHAT_INVALID_PHONE_MESSAGE],
    )
    assert sent is False
    assert alerts == ["Invalid Phone Number"]
    page.wait_for_timeout(300)
    assert len(page.context.pages) == pages_before
