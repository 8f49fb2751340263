"""Browser-only widget state, said in Python: client state per widget, the page's direction, a CSS clock.

The content widgets (tabs, read-more, counters, carousels) change only what the visitor sees, so their
state lives in the browser (Reflex's ClientStateVar, a React `useState` compiled from Python) and never
reaches the server. Timing (a carousel's ride, a counter's count) comes from a CSS animation whose
iteration and end events the browser fires on its own clock: no timer code, and `prefers-reduced-motion`
is honoured by the stylesheet.
"""

from __future__ import annotations

import re
from typing import Any

import reflex as rx

from marketing_site.components.browser import (
    ONE_MEMO_COMPONENT,
    ClientStateVar,
    ObjectVar,
    arrow,
    client_state_var,
    js,
    no_args_event_spec,
)
from marketing_site.components.building import building_page
from marketing_site.i18n.languages import DEFAULT

# The event every handler built here receives: React's synthetic event, named as Reflex names it.
EVENT = js("_e").to(ObjectVar)


def widget_state(widget_id: str, default: Any) -> ClientStateVar:
    """State of one widget, named by its id (unique per page). Pages that share a widget (the school-type
    pages' tabs, a page and its translation) share its compiled code, so each page's JavaScript stays
    small; a page opened afresh starts from `default`."""
    return client_state_var(re.sub(r"\W", "_", f"w_{widget_id}"), default)


class OneWrapperDiv(rx.el.Div):
    """A div compiled as one memo component with everything inside it. Reflex otherwise wraps each
    element that reads client state or handles an event in a component of its own, each repeating the
    state's hooks: for a widget of many such elements, one wrapper is less JavaScript."""

    _memoization_mode = ONE_MEMO_COMPONENT


def page_is_rtl() -> bool:
    """Whether the page being built reads right to left (known at build time from its address)."""
    page = building_page()
    return (page.language if page is not None else DEFAULT).direction == "rtl"


def handler(body: rx.Var) -> rx.Var:
    """A browser event handler `(_e) => body`: client-side Var operations, no server round trip."""
    return arrow(("_e",), body)


def raw_event(event: ObjectVar) -> tuple[ObjectVar]:
    """Event spec handing a `handler` the browser's event itself (its key, its preventDefault)."""
    return (event,)


def _elapsed_seconds(event: ObjectVar) -> tuple[rx.Var[float]]:
    return (event.elapsedTime.to(float),)


class AnimationClock(rx.el.Span):
    """An empty span whose CSS animation ticks: each iteration reports the seconds elapsed, and the end."""

    on_animation_iteration: rx.EventHandler[_elapsed_seconds]
    on_animation_end: rx.EventHandler[no_args_event_spec]


def clock_classes(tick_ms: int, ticks: int | str, delay_ms: int = 0) -> str:
    """Tailwind classes timing an `AnimationClock`: `ticks` iterations (or "infinite") of `tick_ms`
    after `delay_ms`. `animate-pulse` brings its @keyframes into the stylesheet (an animation without
    keyframes fires no events); the important longhands retime it. `absolute`: the clock takes no place in
    the layout (as a grid's item it added a row to the counters and shifted the page below)."""
    return (
        f"absolute animate-pulse [animation-timing-function:linear]! [animation-duration:{tick_ms}ms]! "
        f"[animation-iteration-count:{ticks}]! [animation-delay:{delay_ms}ms]!"
    )
