"""Tabs: a labelled tab list and one panel per tab, switched in the browser (ARIA tabs pattern).

Exactly one tab is active (browser-only state from `widget_state`); only it is in the Tab order
(roving tabindex). Focusing a tab selects it, so the arrow keys, Home and End only move the focus:
the arrows follow the page's direction (right to left, ArrowLeft reaches the next tab, which lies to
the left). Inactive panels stay in the DOM, hidden by CSS keyed on the group's `data-active` (so they
need no state of their own), and the prerendered HTML holds every panel.
The state is named by the group's id, so pages sharing a group share its compiled code; each page's
group goes back to its default tab when it mounts, so a tab chosen on one page is not carried to the
next page the visitor opens in the browser.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx
from reflex import Var

from marketing_site.components.browser import FunctionVar, ObjectVar, arrow, js
from marketing_site.components.browser_events import element
from marketing_site.components.browser_state import EVENT, OneWrapperDiv, handler, page_is_rtl, raw_event, widget_state

_TAB = (
    "rounded-full px-5 py-2.5 text-sm font-semibold text-slate-700 transition hover:bg-sky-50 hover:text-sky-800 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 "
    "aria-selected:bg-sky-800 aria-selected:text-white aria-selected:shadow aria-selected:hover:bg-sky-800"
)
_LIST = "flex flex-wrap justify-center gap-2 rounded-3xl bg-slate-100 p-1.5 sm:rounded-full"
_PANEL = "mt-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sky-700"


class TabList(OneWrapperDiv):
    """The tab list: one wrapper holding the tabs, handing its key presses to a browser-side handler."""

    on_key_down: rx.EventHandler[raw_event]


def tab_id(group_id: str, index: int) -> str:
    return f"{group_id}-tab-{index}"


def panel_id(group_id: str, index: int) -> str:
    return f"{group_id}-panel-{index}"


def key_targets(index: int | Var, count: int, rtl: bool) -> dict[str, int | Var]:
    """Which tab each navigation key moves to from tab `index` (a number, or the browser-side active
    index): the arrows wrap around, and the arrow pointing the way the tabs run (right to left on an
    RTL page) reaches the next one."""
    forward, backward = ("ArrowLeft", "ArrowRight") if rtl else ("ArrowRight", "ArrowLeft")
    return {forward: (index + 1) % count, backward: (index + (count - 1)) % count, "Home": 0, "End": count - 1}


def _focus_on_key(group_id: str, active: Var, count: int, rtl: bool) -> Var:
    """Key handler of the tab list: a navigation key focuses its target tab (which selects it) and keeps
    the key's default (Home/End would scroll the page); any other key is left alone. The focused tab
    is the active one (focus selects), so the targets are counted from the active index."""
    ids = Var.create([tab_id(group_id, index) for index in range(count)]).to(list)
    targets = Var.create(
        {
            key: ids[target] if isinstance(target, Var) else tab_id(group_id, target)
            for key, target in key_targets(active, count, rtl).items()
        }
    )
    target = js("target").to(str)
    focus_target = arrow(
        ("target",),
        rx.cond(
            target,
            Var.create(
                [
                    EVENT.preventDefault.to(FunctionVar).call(),
                    element(target).focus.to(FunctionVar).call(),
                ]
            ),
            None,
        ),
    )
    return handler(focus_target.call(targets.to(ObjectVar)[EVENT.key.to(str)]))


def tabs(
    group_id: str, labels: Sequence[str], panels: Sequence[rx.Component], aria_label: str, default_index: int = 0
) -> rx.Component:
    """Tabs with exactly one active panel; `group_id` is unique per page and prefixes element ids."""
    active = widget_state(group_id, default_index)
    count, rtl = len(labels), page_is_rtl()
    buttons = [
        rx.el.button(
            label,
            type="button",
            role="tab",
            id=tab_id(group_id, index),
            aria_controls=panel_id(group_id, index),
            aria_selected=active.value == index,
            tab_index=rx.cond(active.value == index, 0, -1),
            on_click=active.set_value(index),
            on_focus=active.set_value(index),
            class_name=_TAB,
        )
        for index, label in enumerate(labels)
    ]
    return rx.el.div(
        TabList.create(
            *buttons,
            role="tablist",
            aria_label=aria_label,
            on_key_down=_focus_on_key(group_id, active.value, count, rtl),
            on_mount=active.set_value(default_index),
            class_name=_LIST,
        ),
        *[
            rx.el.div(
                panel,
                role="tabpanel",
                id=panel_id(group_id, index),
                aria_labelledby=tab_id(group_id, index),
                tab_index=0,
                class_name=f"{_PANEL} hidden group-data-[active={index}]/tabs:block",
            )
            for index, panel in enumerate(panels)
        ],
        id=group_id,
        data_active=active.value,
        class_name="group/tabs",
    )
