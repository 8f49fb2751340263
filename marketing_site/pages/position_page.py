"""An open position's page (/careers/web-developer ...): one page function fed each `OpenPosition` record, with
the facts its JobPosting markup repeats (pages/head/structured_data.py), shown to the reader as well."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.content import careers, links, site
from marketing_site.content.forms import CAREERS
from marketing_site.content.types import Link, OpenPosition
from marketing_site.core.clock import utc_now
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import CARD, PRIMARY_BUTTON, breadcrumb, page_for, page_hero, section

CAREERS_LINK = Link(CAREERS.heading, routes.CAREERS)


def _fact(label: str, *value: rx.Component | str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-sm text-slate-600"),
        rx.el.dd(*value, class_name="font-semibold text-slate-900"),
    )


def _day(day_iso: str) -> rx.Component:
    return rx.el.time(day_iso, date_time=day_iso)


def _apply() -> rx.Component:
    """The way to the application form (a new component each time: a page's translation rewrites its tree)."""
    return route_link(Link(careers.APPLY_LABEL, routes.CAREERS), class_name=PRIMARY_BUTTON)


def position_page(position: OpenPosition) -> rx.Component:
    office = next(office for office in site.OFFICES if office.city == position.office_city)
    is_open = position.open_on(utc_now().date())
    return frame(
        page_hero(
            position.title,
            position.summary,
            eyebrow=CAREERS.heading,
            top=breadcrumb((links.HOME, CAREERS_LINK), position.title),
            actions=(_apply(),) if is_open else (),
        ),
        section(
            rx.el.dl(
                _fact(careers.LOCATION_LABEL, rx.el.span(office.city), ", ", rx.el.span(office.country)),
                _fact(careers.EMPLOYMENT_LABEL, careers.EMPLOYMENT_TYPES[position.employment_type]),
                _fact(careers.POSTED_LABEL, _day(position.posted.isoformat())),
                _fact(careers.APPLY_BY_LABEL, _day(position.valid_through.isoformat())),
                aria_label=careers.POSITION_FACTS_LABEL,
                class_name=f"{CARD} grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.h2(careers.DUTIES_HEADING, class_name="mt-10 text-2xl font-bold text-slate-900"),
            rx.el.ul(
                *[rx.el.li(duty) for duty in position.duties],
                class_name="mt-4 list-disc space-y-2 ps-6 text-lg text-slate-700",
            ),
            rx.el.div(_apply(), class_name="mt-8")
            if is_open
            else rx.el.p(careers.CLOSED_TEXT, class_name="mt-8 text-lg text-slate-700"),
        ),
    )


def open_positions() -> rx.Component:
    """The careers page's list of the positions with a page of their own."""
    return rx.el.nav(
        rx.el.h2(careers.OPEN_POSITIONS_HEADING, class_name="text-lg font-semibold text-slate-900"),
        rx.el.ul(
            *[
                rx.el.li(
                    route_link(
                        Link(position.title, position.route),
                        class_name="font-semibold text-sky-800 underline-offset-4 hover:underline",
                    ),
                    " · ",
                    rx.el.span(position.office_city, class_name="text-slate-600"),
                )
                for position in careers.OPEN_POSITIONS
            ],
            class_name="mt-2 space-y-1",
        ),
        aria_label=careers.OPEN_POSITIONS_HEADING,
        class_name="mb-8 rounded-xl bg-sky-50 p-4",
    )


PAGES: tuple[PageSpec, ...] = tuple(
    PageSpec(p.route, p.seo, page_for(position_page, p)) for p in careers.OPEN_POSITIONS
)
