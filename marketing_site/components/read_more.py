"""Read-more text: collapsed to the rule's ideal length at a word break, with a toggle.

PLACEHOLDER RENDERING (owned by the widgets engineer; the signature is the contract).
"""

from __future__ import annotations

import reflex as rx

from ..content.types import ReadMore


def read_more(text: str, rule: ReadMore, element_id: str, class_name: str = "") -> rx.Component:
    """Collapsible description; `element_id` is unique per page."""
    return rx.el.p(text, id=element_id, class_name=class_name)
