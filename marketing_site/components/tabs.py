"""Tabs: a labelled tab list and one panel per tab, switched in the browser (ARIA tabs pattern).

Behaviour lives in `tabs.jsx` (React state, no server round trip); the look is
given here as Tailwind classes so the stylesheet scanner sees every class.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx

_TAB = (
    "rounded-full px-5 py-2.5 text-sm font-semibold text-slate-700 transition hover:bg-sky-50 hover:text-sky-800 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 "
    "aria-selected:bg-sky-800 aria-selected:text-white aria-selected:shadow aria-selected:hover:bg-sky-800"
)


class TabGroup(rx.Component):
    """The React side of `tabs()`: one active index held in the browser."""

    library = rx.asset("tabs.jsx", shared=True).importable_path
    tag = "TabGroup"

    group_id: rx.Var[str]
    labels: rx.Var[list[str]]
    aria_label: rx.Var[str]
    default_index: rx.Var[int]
    list_class_name: rx.Var[str]
    tab_class_name: rx.Var[str]
    panel_class_name: rx.Var[str]


def tabs(
    group_id: str, labels: Sequence[str], panels: Sequence[rx.Component], aria_label: str, default_index: int = 0
) -> rx.Component:
    """Tabs with exactly one active panel; `group_id` is unique per page and prefixes element ids."""
    return TabGroup.create(
        *panels,
        group_id=group_id,
        labels=list(labels),
        aria_label=aria_label,
        default_index=default_index,
        list_class_name="flex flex-wrap justify-center gap-2 rounded-3xl bg-slate-100 p-1.5 sm:rounded-full",
        tab_class_name=_TAB,
        panel_class_name=(
            "mt-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sky-700"
        ),
    )
