"""Tabs: a labelled tab list and one panel per tab, switched in the browser (ARIA tabs pattern).

Exactly one tab is active (browser-only state from `widget_state`); only it is in the Tab order
(roving tabindex). Focusing a tab selects it, so the arrow keys, Home and End only move the focus:
the arrows follow the page's direction (right to left, ArrowLeft reaches the next tab, which lies to
the left). Inactive panels stay in the DOM, hidden, so the prerendered HTML holds every panel.
The state is named by the group's id, so pages sharing a group share its compiled code; each page's
group goes back to its default tab when it mounts, so a tab chosen on one page is not carried to the
next page the visitor opens in the browser.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx
from reflex_base.event import EventHandler
from reflex_base.vars.base import LiteralVar, Var
from reflex_base.vars.function import FunctionVar
from reflex_base.vars.object import ObjectVar

from marketing_site.components.browser_state import EVENT, handler, page_is_rtl, raw_event, widget_state

_TAB = (
    "rounded-full px-5 py-2.5 text-sm font-semibold text-slate-700 transition hover:bg-sky-50 hover:text-sky-800 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 "
    "aria-selected:bg-sky-800 aria-selected:text-white aria-selected:shadow aria-selected:hover:bg-sky-800"
)
_LIST = "flex flex-wrap justify-center gap-2 rounded-3xl bg-slate-100 p-1.5 sm:rounded-full"
_PANEL = "mt-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sky-700"


class TabButton(rx.el.Button):
    """A tab: a button that also hands its key presses to a browser-side handler."""

    on_key_down: EventHandler[raw_event]


def tab_id(group_id: str, index: int) -> str:
    return f"{group_id}-tab-{index}"


def panel_id(group_id: str, index: int) -> str:
    return f"{group_id}-panel-{index}"


def key_targets(index: int, count: int, rtl: bool) -> dict[str, int]:
    """Which tab each navigation key moves to from tab `index`: the arrows wrap around, and the arrow
    pointing the way the tabs run (right to left on an RTL page) reaches the next one."""
    forward, backward = ("ArrowLeft", "ArrowRight") if rtl else ("ArrowRight", "ArrowLeft")
    return {forward: (index + 1) % count, backward: (index - 1) % count, "Home": 0, "End": count - 1}


def _focus_on_key(group_id: str, index: int, count: int, rtl: bool) -> Var:
    """Key handler of one tab: a navigation key focuses its target tab (which selects it) and keeps
    the key's default (Home/End would scroll the page); any other key is left alone."""
    targets = LiteralVar.create(
        {key: tab_id(group_id, target) for key, target in key_targets(index, count, rtl).items()}
    ).to(ObjectVar)
    target = targets[EVENT.key.to(str)].to(str)
    get_element = Var("document.getElementById").to(FunctionVar)
    return handler(
        rx.cond(
            target,
            Var.create(
                [
                    EVENT.preventDefault.to(FunctionVar).call(),
                    get_element.call(target).to(ObjectVar).focus.to(FunctionVar).call(),
                ]
            ),
            None,
        )
    )


def tabs(
    group_id: str, labels: Sequence[str], panels: Sequence[rx.Component], aria_label: str, default_index: int = 0
) -> rx.Component:
    """Tabs with exactly one active panel; `group_id` is unique per page and prefixes element ids."""
    active = widget_state(group_id, default_index)
    count, rtl = len(labels), page_is_rtl()
    buttons = [
        TabButton.create(
            label,
            type="button",
            role="tab",
            id=tab_id(group_id, index),
            aria_controls=panel_id(group_id, index),
            aria_selected=active.value == index,
            tab_index=rx.cond(active.value == index, 0, -1),
            on_click=active.set_value(index),
            on_focus=active.set_value(index),
            on_key_down=_focus_on_key(group_id, index, count, rtl),
            class_name=_TAB,
        )
        for index, label in enumerate(labels)
    ]
    return rx.el.div(
        rx.el.div(*buttons, role="tablist", aria_label=aria_label, class_name=_LIST),
        *[
            rx.el.div(
                panel,
                role="tabpanel",
                id=panel_id(group_id, index),
                aria_labelledby=tab_id(group_id, index),
                hidden=active.value != index,
                tab_index=0,
                class_name=_PANEL,
            )
            for index, panel in enumerate(panels)
        ],
        id=group_id,
        on_mount=active.set_value(default_index),
    )
