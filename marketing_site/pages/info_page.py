"""Company and support pages (/aboutUs, /contactUs, coming-soon pages ...): one page function
fed each `InfoPage` record."""

from __future__ import annotations

import reflex as rx

from marketing_site.content import labels
from marketing_site.content.info.company import COMPANY_PAGES
from marketing_site.content.info.support import SUPPORT_PAGES
from marketing_site.content.types import InfoPage, Office
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import CARD, link_cards, page_for, page_hero, section, section_card


def office_card(office: Office) -> rx.Component:
    badge = (
        rx.el.span(
            labels.HEADQUARTERS_BADGE,
            class_name="ms-2 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800",
        )
        if office.headquarters
        else rx.fragment()
    )
    return rx.el.li(
        rx.el.h3(office.city, badge, class_name="flex items-center text-lg font-semibold text-slate-900"),
        rx.el.p(office.country, class_name="text-sm text-slate-600"),
        rx.el.address(
            rx.el.p(office.address),
            rx.el.p(rx.el.bdi(office.phone, dir="ltr"), class_name="mt-3 font-medium text-slate-900"),
            rx.el.p(office.email, class_name="break-all"),
            class_name="mt-4 space-y-1 not-italic text-slate-700",
        ),
        class_name=CARD,
    )


def coming_soon_notice() -> rx.Component:
    return rx.el.div(
        rx.el.span(
            labels.COMING_SOON_BADGE,
            class_name="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900",
        ),
        rx.el.p(labels.COMING_SOON_TEXT, class_name="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700"),
        class_name="rounded-3xl border border-amber-200 bg-amber-50 p-6 sm:p-8",
    )


def contact_lines(lines: tuple[str, ...]) -> rx.Component:
    return rx.el.ul(
        *[rx.el.li(line, class_name=f"{CARD} font-medium text-slate-900") for line in lines],
        class_name="grid gap-4 md:grid-cols-2",
    )


def info_page(page: InfoPage) -> rx.Component:
    blocks: list[rx.Component] = []
    if page.coming_soon:
        blocks.append(section(coming_soon_notice()))
    if page.sections:
        blocks.append(
            section(
                rx.el.div(*[section_card(s) for s in page.sections], class_name="grid gap-6 md:grid-cols-3"),
                tinted=True,
            )
        )
    if page.offices:
        offices = rx.el.ul(
            *[office_card(o) for o in page.offices], class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        )
        blocks.append(section(offices, heading=labels.OFFICES_HEADING))
    if page.contacts:
        blocks.append(section(contact_lines(page.contacts), heading=labels.CONTACTS_HEADING, tinted=True))
    if page.links:
        blocks.append(section(link_cards(page.links), heading=labels.USEFUL_LINKS_HEADING))
    return frame(page_hero(page.heading, page.intro), *blocks)


PAGES: tuple[PageSpec, ...] = tuple(
    PageSpec(p.route, p.seo, page_for(info_page, p)) for p in (*COMPANY_PAGES, *SUPPORT_PAGES)
)
