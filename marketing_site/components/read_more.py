"""Read-more text: collapsed to the rule's ideal length at a word break, with a toggle.

The cut is computed in Python at build time (`truncate.split_for_read_more`);
the toggle is React state in `read_more.jsx`, so expanding needs no server.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.truncate import split_for_read_more
from marketing_site.content.types import ReadMore
from marketing_site.content.widgets import READ_LESS_LABEL

_TOGGLE = (
    "mt-1 text-sm font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
)


class ReadMoreText(rx.Component):
    """The React side of `read_more()`."""

    library = rx.asset("read_more.jsx", shared=True).importable_path
    tag = "ReadMoreText"

    text_id: rx.Var[str]
    shown: rx.Var[str]
    rest: rx.Var[str]
    label: rx.Var[str]
    less_label: rx.Var[str]
    button_class_name: rx.Var[str]


def read_more(text: str, rule: ReadMore, element_id: str, class_name: str = "") -> rx.Component:
    """Collapsible description; `element_id` is unique per page."""
    shown, rest = split_for_read_more(text, rule)
    if not rest:
        return rx.el.p(text, id=element_id, class_name=class_name)
    return ReadMoreText.create(
        text_id=element_id,
        shown=shown,
        rest=rest,
        label=rule.label,
        less_label=READ_LESS_LABEL,
        class_name=class_name,
        button_class_name=_TOGGLE,
    )
