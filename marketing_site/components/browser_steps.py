"""Event-chain steps that run in the browser: the functions of `browser_steps.js`, and client state.

A step is a function the event chain calls itself, at once: `rx.run_script` would queue it behind the
page's first server event, which never leaves while the backend is down (a video must still open), and
`rx.call_script` would `eval` it, which the Content-Security-Policy refuses (no 'unsafe-eval').
"""

from __future__ import annotations

import functools
import re
from typing import Any

import reflex as rx

from marketing_site.components.browser import ClientStateVar, FunctionVar, arrow, client_state_var, imported_function

_MODULE = rx.asset("browser_steps.js", shared=True).importable_path


def browser_function(name: str) -> FunctionVar:
    """A function exported by browser_steps.js, imported where it is used."""
    return imported_function(name, _MODULE)


def step(name: str, *args: Any) -> FunctionVar:
    """An event-chain step calling ``name(*args)`` of browser_steps.js, with no server round trip."""
    return arrow((), browser_function(name).call(*args))


def browser_info(fallback_product: str | rx.Var[str] = "") -> rx.Var[dict[str, str]]:
    """Referrer, chosen product and time zone, read in the browser when the event fires."""
    return browser_function("browserInfo").call(fallback_product).to(dict[str, str])


@functools.cache
def client_state(name: str, default: Any) -> ClientStateVar:
    """One browser-only value per name (a form's or dialog's id), shared by every component using it.

    Cached: two vars of one name in one component would declare its React state twice.
    """
    return client_state_var(re.sub(r"\W", "_", name), default)
