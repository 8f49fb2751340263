"""The four school-type pages (/oneBranchSchool ...) with their five module tabs (SID first)."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.components.widgets.tabs import tabs
from marketing_site.content import labels
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.types import Link, SchoolTab, SchoolType
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import SECONDARY_BUTTON, call_button, page_for, page_hero, section


def tab_panel(tab: SchoolTab) -> rx.Component:
    return rx.el.div(
        rx.el.h3(tab.heading, class_name="text-xl font-semibold text-slate-900"),
        rx.el.p(tab.description, class_name="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700"),
        rx.el.div(
            call_button(),
            route_link(
                Link(labels.WATCH_DEMO_LABEL, routes.DEMO_REQUEST, product_name=tab.name), class_name=SECONDARY_BUTTON
            ),
            class_name="mt-6 flex flex-wrap gap-3",
        ),
        class_name="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8",
    )


def school_type_page(school: SchoolType) -> rx.Component:
    return frame(
        page_hero(school.heading, school.intro, eyebrow=school.name, image=school.image),
        section(
            tabs(
                "school-modules",
                [tab.name for tab in school.tabs],
                [tab_panel(tab) for tab in school.tabs],
                aria_label=labels.SCHOOL_TABS_LABEL.format(name=school.name),
            ),
            heading=labels.SCHOOL_TABS_HEADING,
            tinted=True,
        ),
    )


def _specs(school: SchoolType) -> tuple[PageSpec, ...]:
    """The page, plus its menu address when that differs (the menu and home tab link to
    /HybridSchool; server routes are case-sensitive, so it is served too, canonical /hybridSchool)."""
    body = page_for(school_type_page, school)
    page = PageSpec(school.route, school.seo, body)
    if school.more_info_href == school.route:
        return (page,)
    return (page, PageSpec(school.more_info_href, school.seo, body, canonical=school.route))


PAGES: tuple[PageSpec, ...] = tuple(spec for school in SCHOOL_TYPES for spec in _specs(school))
