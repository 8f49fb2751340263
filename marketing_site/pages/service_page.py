"""The six service pages (/consultancy ...): one page function fed each `Service` record."""

from __future__ import annotations

import reflex as rx

from marketing_site.content import labels
from marketing_site.content.services import SERVICES
from marketing_site.content.types import Service, Step
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import (
    CARD,
    call_band,
    call_button,
    link_cards,
    page_for,
    page_hero,
    section,
    section_card,
)


def step_card(number: int, step: Step) -> rx.Component:
    return rx.el.li(
        rx.el.span(
            str(number),
            aria_hidden="true",
            class_name=(
                "flex h-10 w-10 items-center justify-center rounded-full bg-sky-700 text-lg font-bold text-white"
            ),
        ),
        rx.el.h3(step.title, class_name="mt-4 text-lg font-semibold text-slate-900"),
        rx.el.p(step.text, class_name="mt-2 text-slate-700"),
        class_name=CARD,
    )


def service_page(service: Service) -> rx.Component:
    steps = (
        section(
            rx.el.ol(
                *[step_card(i, step) for i, step in enumerate(service.steps, start=1)],
                class_name="grid gap-6 md:grid-cols-3",
            ),
            heading=service.steps_heading,
            tinted=True,
        )
        if service.steps
        else rx.fragment()
    )
    sections = (
        section(
            rx.el.div(*[section_card(block) for block in service.sections], class_name="grid gap-6 md:grid-cols-2"),
            tinted=True,
        )
        if service.sections
        else rx.fragment()
    )
    return frame(
        page_hero(service.heading, service.intro, eyebrow=service.name, actions=(call_button(),), image=service.image),
        steps,
        sections,
        section(link_cards(service.related), heading=labels.RELATED_HEADING),
        call_band(),
    )


PAGES: tuple[PageSpec, ...] = tuple(PageSpec(s.route, s.seo, page_for(service_page, s)) for s in SERVICES)
