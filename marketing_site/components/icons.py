"""Inline SVG icons (menu, close, caret, chat): decorative, hidden from screen readers."""

from __future__ import annotations

import reflex as rx

# Presentation attributes, not CSS: Reflex would turn unknown keyword props into styles.
STROKED = {"fill": "none", "stroke": "currentColor", "strokeWidth": "2", "strokeLinecap": "round"}
FILLED = {"fill": "currentColor"}


def icon(path: str, size: int, paint: dict[str, str], view_box: str = "0 0 24 24", **props) -> rx.Component:
    """One path drawn in the text colour. The path is an attribute, so the translation step, which
    reads props for copy, never takes its letters for words."""
    return rx.el.svg(
        rx.el.path(custom_attrs={"d": path}),
        view_box=view_box,
        width=str(size),
        height=str(size),
        aria_hidden="true",
        custom_attrs=dict(paint),
        **props,
    )
