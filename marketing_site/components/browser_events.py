"""Browser-only behaviour written as Reflex Var operations: what a menu or the chat panel needs to hear
from a DOM event, and the calls it makes back, compiled into the page's bundle.

Nothing here reaches the server or the event queue: each handler is a plain function Reflex puts on
the element (no `eval`, so the CSP needs no 'unsafe-eval'), and it keeps working while the backend is
down.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex import Var

from marketing_site.components.browser import (
    FunctionVar,
    ObjectVar,
    WindowEventListener,
    arrow,
    js_function,
    key_event,
)

# A DOM event as the browser hands it to a handler; its fields are read with Var operations.
DomEvent = ObjectVar[dict[str, Any]]


def focus_left(event: DomEvent) -> tuple[Var[bool]]:
    """Whether the focus went to something outside the element listening (Tab out of an open menu)."""
    inside = dom_call(event.currentTarget, "contains", event.relatedTarget)
    return (~inside.to(bool),)


def link_clicked(event: DomEvent) -> tuple[Var[bool]]:
    """Whether the click landed on a link (or inside one) within the element listening."""
    link = dom_call(event.target, "closest", "a")
    return (link.to(bool),)


def keyboard_click(event: DomEvent) -> tuple[Var[bool]]:
    """Whether a click came from the keyboard (Enter or Space give `detail` 0; a pointer counts its clicks)."""
    return (event.detail.to(int) == 0,)


def raw_event(event: DomEvent) -> tuple[DomEvent]:
    return (event,)


def outside(element_id: str, event: DomEvent) -> Var[bool]:
    """Whether `event` happened outside the element with `element_id`."""
    return ~dom_call(element(element_id), "contains", event.target).to(bool)


def element(element_id: str) -> ObjectVar:
    return js_function("document.getElementById").call(element_id).to(ObjectVar)


def call_method(element_id: str, method: str, *args: Any) -> Var:
    """`document.getElementById(element_id)[method](...args)`: one DOM call, e.g. focus."""
    return dom_call(element(element_id), method, *args)


def dom_call(target: Var, method: str, *args: Any) -> Var:
    """`target[method](...args)`; by item, since Var has Python methods of the same names (`contains`)."""
    return target.to(ObjectVar)[method].to(FunctionVar).call(*args)


def when(condition: Var[bool], *effects: Var) -> FunctionVar:
    """A handler that makes `effects` (calls built from Vars), in order, only if `condition` holds."""
    return arrow((), rx.cond(condition, Var.create(list(effects)), None))


def always(*effects: Var) -> FunctionVar:
    return when(Var.create(True), *effects)


class KeyedLi(rx.el.Li):
    """An <li> that also hears key presses, focus leaving it and clicks on the links inside it."""

    on_key_down: rx.EventHandler[key_event]
    on_blur: rx.EventHandler[focus_left]
    on_click: rx.EventHandler[link_clicked]


class KeyedDiv(rx.el.Div):
    """A <div> that also hears key presses inside it."""

    on_key_down: rx.EventHandler[key_event]


class KeyedDetails(rx.el.Details):
    """A <details> that also hears key presses and clicks on the links inside it."""

    on_key_down: rx.EventHandler[key_event]
    on_click: rx.EventHandler[link_clicked]


class DisclosureButton(rx.el.Button):
    """A <button> whose click says whether it came from the keyboard."""

    on_click: rx.EventHandler[keyboard_click]


class OutsidePointerListener(WindowEventListener):
    """Renders nothing; hears a pointer going down anywhere in the window (Reflex's listener has no
    pointer events). Its handler gets the event, for `outside`."""

    on_pointer_down: rx.EventHandler[raw_event]
