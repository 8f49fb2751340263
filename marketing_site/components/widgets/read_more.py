"""Read-more text: collapsed to the rule's ideal length at a word break, with a toggle.

The cut is computed in Python at build time (`truncate.split_for_read_more`); whether the rest is
shown is browser-only state (`widget_state`), so expanding needs no server. The hidden rest stays in
the DOM, so the prerendered HTML holds the full text.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.browser_state import widget_state
from marketing_site.components.widgets.truncate import split_for_read_more
from marketing_site.content.types import ReadMore
from marketing_site.content.widgets import READ_LESS_LABEL

_TOGGLE = (
    "mt-1 text-sm font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
)


def read_more(text: str, rule: ReadMore, element_id: str, class_name: str = "") -> rx.Component:
    """Collapsible description; `element_id` is unique per page."""
    shown, rest = split_for_read_more(text, rule)
    if not rest:
        return rx.el.p(text, id=element_id, class_name=class_name)
    expanded = widget_state(element_id, False)
    return rx.el.div(
        rx.el.p(
            shown,
            rx.cond(expanded.value, rx.fragment(), rx.el.span("…", aria_hidden="true")),
            rx.el.span(rest, hidden=~expanded.value),
            id=element_id,
        ),
        rx.el.button(
            rx.cond(expanded.value, rx.fragment(READ_LESS_LABEL), rx.fragment(rule.label)),
            type="button",
            aria_expanded=expanded.value,
            aria_controls=element_id,
            on_click=expanded.set_value(~expanded.value),
            class_name=_TOGGLE,
        ),
        class_name=class_name,
    )
