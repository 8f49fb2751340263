"""The chat widget on every page: typed messages go to the chat app, never to our backend.

Every text and the phone number come from `settings` (baked in at build time);
open/close and Send run in `chat_widget.jsx` / `chat_send.js`.
"""

from __future__ import annotations

import re

import reflex as rx

from marketing_site.content import widgets
from marketing_site.settings import settings

# Shipped next to chat_widget.jsx, which imports it; the browser tests also load it on its own.
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


class ChatWidget(rx.Component):
    """The React side of `chat_widget()`."""

    library = rx.asset("chat_widget.jsx", shared=True).importable_path
    tag = "ChatWidget"

    texts: rx.Var[dict[str, str]]
    phone_digits: rx.Var[str]
    classes: rx.Var[dict[str, str]]


def phone_digits(number: str) -> str:
    """The digits the chat link needs ("+92 300-123 4567" -> "923001234567"); empty when none are set."""
    return re.sub(r"\D", "", number)


def chat_widget() -> rx.Component:
    return ChatWidget.create(
        texts={
            "companyName": settings.chat_company_name,
            "greeting": settings.chat_message,
            "replyTime": settings.chat_reply_time,
            "sendLabel": settings.chat_send_button,
            "placeholder": settings.chat_placeholder,
            "openLabel": widgets.CHAT_OPEN_LABEL,
            "closeLabel": widgets.CHAT_CLOSE_LABEL,
            "inputLabel": widgets.CHAT_INPUT_LABEL,
            "invalidPhone": widgets.CHAT_INVALID_PHONE_MESSAGE,
            "linkBase": widgets.CHAT_LINK_BASE,
        },
        phone_digits=phone_digits(settings.chat_phone_number),
        classes=_CLASSES,
    )
