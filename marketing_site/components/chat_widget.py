"""The chat widget on every page: typed messages go to the chat app, never to our backend.

Every text and the phone number come from `settings` (baked in at build time). Open/close and the
typed text are client state; Send calls `chat_send.js`, the one piece kept in JavaScript because the
browser test loads it on its own to send with no number configured (the alert path).
"""

from __future__ import annotations

import re

import reflex as rx
from reflex import Var

from marketing_site.components.browser import FunctionVar, client_state_var, imported_function
from marketing_site.components.browser_events import KeyedDiv, always, call_method, when
from marketing_site.components.building import building_page
from marketing_site.components.icons import FILLED, STROKED, icon
from marketing_site.content import widgets
from marketing_site.i18n.languages import DEFAULT
from marketing_site.i18n.translation import translated_text
from marketing_site.settings import settings

# Imported by the Send handler; the browser tests also load it on its own.
CHAT_SEND_MODULE = rx.asset("chat_send.js", shared=True)

# Below xl the widget sits in the header (a band content never passes under the bubble) and its
# panel drops below the header; from xl it floats in the page gutter (layout/styles.py).
_CLASSES = {
    "root": "flex items-center xl:fixed xl:bottom-3 xl:start-3 xl:z-50 print:hidden",
    "panel": (
        "absolute inset-x-4 top-full mt-2 overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 "
        "xl:inset-x-auto xl:start-0 xl:top-auto xl:bottom-full xl:mt-0 xl:mb-3 xl:w-[22rem]"
    ),
    "header": "flex items-start justify-between gap-3 bg-emerald-800 px-5 py-4 text-white",
    "company": "text-base font-bold",
    "replyTime": "text-sm text-emerald-50",
    "close": "rounded-full p-1 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white",
    "body": "bg-[#efeae2] px-5 py-6",
    "greeting": "max-w-[85%] rounded-xl rounded-ss-none bg-white px-4 py-3 text-sm text-slate-800 shadow-sm",
    "form": "flex items-center gap-2 border-t border-slate-200 p-3",
    "input": (
        "min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-900 "
        "placeholder:text-slate-500 focus:border-emerald-700 focus:outline-2 focus:outline-emerald-700"
    ),
    "send": (
        "rounded-full bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900 "
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
    ),
    "bubble": (
        "flex h-11 w-11 items-center justify-center rounded-full bg-emerald-700 text-white transition "
        "hover:bg-emerald-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 "
        "aria-expanded:bg-emerald-900 xl:h-12 xl:w-12 xl:shadow-lg"
    ),
}


_CHAT_ICON = (
    "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 "
    "12 20z"
)
_OPEN = client_state_var("chat_open", False)
_MESSAGE = client_state_var("chat_message", "")
_PANEL, _BUBBLE, _INPUT = "chat-panel", "chat-bubble", "chat-message"


def phone_digits(number: str) -> str:
    """The digits the chat link needs ("+92 300-123 4567" -> "923001234567"); empty when none are set."""
    return re.sub(r"\D", "", number)


def send_chat_message(digits: str, invalid_phone_message: str) -> Var:
    """The call of chat_send.js's `sendChatMessage` with the typed message: true once the chat app opened."""
    send = imported_function("sendChatMessage", CHAT_SEND_MODULE.importable_path)
    return send.call(
        {
            "base": widgets.CHAT_LINK_BASE,
            "phoneDigits": digits,
            "text": _MESSAGE.value,
            "invalidPhoneMessage": invalid_phone_message,
        }
    )


def _in_page_language(text: str) -> str:
    """Copy that only a handler carries (the page's translation step reads props and children, not code)."""
    page = building_page()
    return translated_text(text, page.language if page else DEFAULT)


def _panel(close: FunctionVar) -> rx.Component:
    """Shown only while open, so its field takes the focus as it appears (`auto_focus`); the typed text
    lives in client state and survives closing. Its order (close, field, Send) is its tab order."""
    sent = send_chat_message(
        phone_digits(settings.chat_phone_number), _in_page_language(widgets.CHAT_INVALID_PHONE_MESSAGE)
    )
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                rx.el.p(settings.chat_company_name, class_name=_CLASSES["company"]),
                rx.el.p(settings.chat_reply_time, class_name=_CLASSES["replyTime"]),
            ),
            rx.el.button(
                icon("M6 6l12 12M18 6L6 18", 20, STROKED),
                type="button",
                aria_label=widgets.CHAT_CLOSE_LABEL,
                on_click=close,
                class_name=_CLASSES["close"],
            ),
            class_name=_CLASSES["header"],
        ),
        rx.el.div(rx.el.p(settings.chat_message, class_name=_CLASSES["greeting"]), class_name=_CLASSES["body"]),
        rx.el.form(
            rx.el.label(widgets.CHAT_INPUT_LABEL, html_for=_INPUT, class_name="sr-only"),
            rx.el.input(
                id=_INPUT,
                type="text",
                value=_MESSAGE.value,
                on_change=_MESSAGE.set_value(),
                placeholder=settings.chat_placeholder,
                required=True,
                auto_focus=True,
                class_name=_CLASSES["input"],
            ),
            rx.el.button(settings.chat_send_button, type="submit", class_name=_CLASSES["send"]),
            # Sent: the field empties. No number configured: the script alerts, and the text stays.
            on_submit=lambda _form: when(sent, _MESSAGE.set_value().call("")),
            class_name=_CLASSES["form"],
        ),
        id=_PANEL,
        role="dialog",
        aria_label=settings.chat_company_name,
        class_name=_CLASSES["panel"],
    )


def chat_widget() -> rx.Component:
    """A bubble toggling the panel; closing (its icon or Escape) puts the focus back on the bubble."""
    closing = (_OPEN.set_value().call(False), call_method(_BUBBLE, "focus"))
    return KeyedDiv.create(
        rx.cond(_OPEN.value, _panel(always(*closing))),
        rx.el.button(
            icon(_CHAT_ICON, 28, FILLED),
            id=_BUBBLE,
            type="button",
            aria_label=widgets.CHAT_OPEN_LABEL,
            aria_expanded=_OPEN.value,
            aria_controls=rx.cond(_OPEN.value, _PANEL, None),  # the panel exists only while open
            on_click=_OPEN.set_value(~_OPEN.value),
            class_name=_CLASSES["bubble"],
        ),
        on_key_down=lambda key: when((key == "Escape") & _OPEN.value, *closing),
        class_name=_CLASSES["root"],
    )
