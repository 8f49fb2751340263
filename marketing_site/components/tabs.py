"""Tabs: a labelled tab list and one panel per tab.

PLACEHOLDER RENDERING (owned by the widgets engineer, who replaces the body
with in-browser behaviour; the signature is the contract).
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx


def tabs(group_id: str, labels: Sequence[str], panels: Sequence[rx.Component], aria_label: str, default_index: int = 0) -> rx.Component:
    """Tabs with exactly one active panel; `group_id` is unique per page and prefixes element ids."""
    return rx.el.div(
        rx.el.div(*[rx.el.button(label, type="button", role="tab") for label in labels], role="tablist", aria_label=aria_label),
        *[rx.el.div(panel, role="tabpanel", hidden=(i != default_index)) for i, panel in enumerate(panels)],
        id=group_id,
    )
