"""/whatsapp: how to chat with the team on WhatsApp (the floating widget lives in the layout)."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.content.info import whatsapp
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import CARD, PRIMARY_BUTTON, link_cards, page_hero, section
from marketing_site.settings import settings


def open_chat_button() -> rx.Component:
    """A click-to-chat link, shown only when a WhatsApp number is configured."""
    digits = "".join(ch for ch in settings.chat_phone_number if ch.isdigit())
    if not digits:
        return rx.fragment()
    return rx.el.a(
        whatsapp.OPEN_CHAT_LABEL,
        href=whatsapp.CHAT_URL.format(number=digits),
        target="_blank",
        rel="noopener noreferrer",
        class_name=PRIMARY_BUTTON,
    )


def whatsapp_page() -> rx.Component:
    return frame(
        page_hero(whatsapp.HEADING, whatsapp.INTRO, actions=(open_chat_button(),)),
        section(
            rx.el.ol(
                *[
                    rx.el.li(
                        rx.el.h3(step.title, class_name="text-lg font-semibold text-slate-900"),
                        rx.el.p(step.text, class_name="mt-2 text-slate-700"),
                        class_name=CARD,
                    )
                    for step in whatsapp.STEPS
                ],
                class_name="grid gap-6 md:grid-cols-3",
            ),
            heading=whatsapp.STEPS_HEADING,
            tinted=True,
        ),
        section(
            rx.el.ul(
                *[
                    rx.el.li(
                        rx.el.span("✓", aria_hidden="true", class_name="font-bold text-sky-700"),
                        tip,
                        class_name="flex gap-3",
                    )
                    for tip in whatsapp.TIPS
                ],
                class_name="max-w-3xl space-y-3 text-lg text-slate-700",
            ),
            heading=whatsapp.TIPS_HEADING,
        ),
        section(link_cards(whatsapp.ALTERNATIVES), heading=whatsapp.ALTERNATIVES_HEADING, tinted=True),
    )


PAGES: tuple[PageSpec, ...] = (PageSpec(routes.WHATSAPP, whatsapp.SEO, whatsapp_page),)
