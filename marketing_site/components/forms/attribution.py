"""First and last touch, kept by the visitor's own browser (leads/attribution.py says what each holds).

Every page, when it mounts, reads its address and the referrer and keeps, in the site's own local storage
(first-party; no third-party script, no cookie): the first touch, unless one younger than 90 days is kept, and
the last touch, whenever this address brings campaign parameters (UTM or a click ID) other than the last
touch's. A lead form posts both in a hidden field. Nothing here reaches the server: it is Reflex Var operations
compiled into a function the page runs itself (no event, no websocket, no 'unsafe-eval'), wrapped in a promise
so that storage the browser refuses (cookies blocked, a sandbox) only costs the attribution.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex import Var

from marketing_site.components.browser import ObjectVar, arrow, do_nothing, js, js_function
from marketing_site.components.browser_events import dom_call, element
from marketing_site.content.forms import ATTRIBUTION_NAME
from marketing_site.leads.attribution import API_NAMES, CAMPAIGN_KEYS, KEPT_DAYS, LANDED_AT
from marketing_site.leads.models import Touch

STORAGE_KEY = "attribution"  # in localStorage: {"firstTouch": {...}, "lastTouch": {...}}
KEPT_MS = KEPT_DAYS * 24 * 3600 * 1000
FIRST, LAST = API_NAMES[Touch.FIRST], API_NAMES[Touch.LAST]
# The browser's functions and values used more than once.
_CONSTRUCT, _STRINGIFY = js_function("Reflect.construct"), js_function("JSON.stringify")
_SEARCH = js("location.search")


def _let(name: str, value: Var, body: Callable[[ObjectVar], Var]) -> Var:
    """``((name) => body(name))(value)``: ``value`` computed once and named, in an expression."""
    return arrow((name,), body(js(name).to(ObjectVar))).call(value)


def _landing() -> Var:
    """This visit as a touch: the address (without its #fragment), the referrer, each campaign parameter, the time."""
    params = js_function("Object.fromEntries").call(_CONSTRUCT.call(js("URLSearchParams"), Var.create([_SEARCH])))
    now = _CONSTRUCT.call(js("Date"), Var.create([])).to(ObjectVar)
    return _let(
        "_params",
        params,
        lambda found: Var.create(
            {
                "landingUrl": js("location.origin").to(str) + js("location.pathname").to(str) + _SEARCH.to(str),
                "referrer": js("document.referrer"),
                **{key: found[key] | "" for key in CAMPAIGN_KEYS},
                LANDED_AT: dom_call(now, "toISOString"),
            }
        ),
    )


def _campaign(touch: ObjectVar) -> Var:
    """The touch's campaign parameters as one string: "" when it has none, and equal for the same campaign."""
    return _STRINGIFY.call(Var.create([touch[key] | "" for key in CAMPAIGN_KEYS]))


def _no_campaign() -> Var:
    return _STRINGIFY.call(Var.create(["" for _ in CAMPAIGN_KEYS]))


def _remembered(landing: ObjectVar, kept: ObjectVar) -> Var:
    """Both touches after this visit: a first touch younger than 90 days stays (else this visit is both); the
    last moves to this visit when it brings another campaign."""
    first, last = kept[FIRST].to(ObjectVar), kept[LAST].to(ObjectVar)
    age = js_function("Date.now").call().to(int) - js_function("Date.parse").call(first[LANDED_AT] | "").to(int)
    still_kept = first.to(bool) & (age < KEPT_MS).to(bool)
    new_campaign = (_campaign(landing) != _no_campaign()) & (_campaign(landing) != _campaign(last))
    return rx.cond(
        still_kept,
        Var.create({FIRST: first, LAST: rx.cond(new_campaign | ~last.to(bool), landing, last)}),
        Var.create({FIRST: landing, LAST: landing}),
    )


def remember_visit() -> Var:
    """A promise of both touches as JSON, kept in storage first (the storage refusing rejects the promise)."""
    stored = js_function("JSON.parse").call(js_function("localStorage.getItem").call(STORAGE_KEY) | "{}")
    body = _let(
        "_kept",
        stored,
        lambda kept: _let(
            "_touches",
            _STRINGIFY.call(_let("_landing", _landing(), lambda landing: _remembered(landing, kept))),
            lambda touches: Var.create([js_function("localStorage.setItem").call(STORAGE_KEY, touches), touches]).to(
                list
            )[1],
        ),
    )
    return dom_call(js_function("Promise.resolve").call(), "then", arrow((), body))


def _quietly(promise: Var, then: Any = None) -> Var:
    """A mount handler running ``promise`` (and ``then`` with its value); a refusal is dropped."""
    chained = dom_call(promise, "then", then) if then is not None else promise
    return arrow((), dom_call(chained, "catch", do_nothing))


def visit_keeper() -> rx.Component:
    """Renders nothing; keeps this visit's touches when the page mounts (every page's frame has one)."""
    return rx.fragment(rx.el.span(hidden=True, on_mount=_quietly(remember_visit())))


def attribution_field(form_id: str) -> rx.Component:
    """A lead form's hidden field, filled with both touches when the form mounts (after keeping this visit, so
    a form on the landing page posts the landing itself)."""
    field_id = f"{form_id}-{ATTRIBUTION_NAME}"
    fill = arrow(("_json",), js_function("Reflect.set").call(element(field_id), "value", js("_json")))
    return rx.el.input(
        type="hidden", id=field_id, name=ATTRIBUTION_NAME, default_value="", on_mount=_quietly(remember_visit(), fill)
    )
