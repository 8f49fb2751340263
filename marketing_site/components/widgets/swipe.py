"""Swiping a carousel: one card per swipe in the page's reading direction, and never the browser's Back.

The area takes sideways gestures itself: ``touch-action: pan-y`` leaves vertical panning (scrolling the page)
to the browser, so a sideways drag is never a scroll, and Chromium's overscroll history navigation, which
took a left-to-right swipe on the news carousel for Back, never starts; ``overscroll-behavior-x: contain``
keeps any sideways overscroll from reaching the page. Pointer events (touch, pen or mouse) report where a
drag started and ended, kept as browser-only state; a drag of at least SWIPE_PX, more sideways than up or
down, moves by one: towards the end of the reading direction for the next card (right to left in Arabic, so
there a left-to-right swipe is "next"). A vertical scroll that the browser takes over ends in
``pointercancel`` and moves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex import EventHandler, Var

from marketing_site.components.browser import NumberVar, ObjectVar, no_args_event_spec
from marketing_site.components.browser_state import page_is_rtl, widget_state

SWIPE_PX = 40  # shorter drags are taps or a wobbly scroll
SWIPE_CLASSES = "touch-pan-y overscroll-x-contain"  # the browser keeps vertical scrolling, the page sideways drags
NOWHERE = -1.0  # no drag under way (a pointer's clientX is never negative inside the page)


def _point(event: ObjectVar[dict[str, Any]]) -> tuple[Var[float], Var[float]]:
    return (event.clientX.to(float), event.clientY.to(float))


class SwipeSection(rx.el.Section):
    """A <section> that hears where a pointer went down and came up (Reflex's elements have no pointer events)."""

    on_pointer_down: EventHandler[_point]
    on_pointer_up: EventHandler[_point]
    on_pointer_cancel: EventHandler[no_args_event_spec]


class SwipeDiv(rx.el.Div):
    """A <div> hearing the same pointer events."""

    on_pointer_down: EventHandler[_point]
    on_pointer_up: EventHandler[_point]
    on_pointer_cancel: EventHandler[no_args_event_spec]


def swipe_handlers(widget_id: str, position: Any, count: int) -> dict[str, Callable[..., Any]]:
    """The pointer handlers that move ``position`` (a widget's client state, 0 .. count - 1, looping) by one per
    swipe, for a SwipeSection or SwipeDiv with SWIPE_CLASSES."""
    start_x = widget_state(f"{widget_id}-swipe-x", NOWHERE)
    start_y = widget_state(f"{widget_id}-swipe-y", NOWHERE)
    forward_sign = 1 if page_is_rtl() else -1  # the finger moves the way the cards do: leftwards for the next in LTR
    now = position.value.to(NumberVar)

    def released(x: Var[float], y: Var[float]) -> list[Any]:
        moved = (x - start_x.value.to(NumberVar)).to(NumberVar)
        across = abs(moved) >= SWIPE_PX
        sideways = abs(moved) > abs((y - start_y.value.to(NumberVar)).to(NumberVar))
        swiped = (start_x.value.to(NumberVar) != NOWHERE) & across & sideways
        step = rx.cond(moved * forward_sign > 0, 1, count - 1)
        return [
            position.set_value(rx.cond(swiped, (now + step) % count, now)),
            start_x.set_value(NOWHERE),
        ]

    return {
        "on_pointer_down": lambda x, y: [start_x.set_value(x), start_y.set_value(y)],
        "on_pointer_up": released,
        "on_pointer_cancel": start_x.set_value(NOWHERE),
    }
