"""The one door to Reflex's internals: the named operations the widgets build browser-side code with.

The widgets say in Python what runs in the browser (client state, handlers made of Var operations, calls to
the few functions of our `.js` files). Reflex offers those only from its internal modules, which move between
releases; every such import lives here, so a Reflex upgrade touches this module alone
(`tests/test_reflex_internals.py` fails on one anywhere else). The rest of the site uses `import reflex as rx`
and the names below. A raw JavaScript text goes through `js`, `js_function` or `react_hook` (or `rx.Var`,
`rx.run_script`), where the JS budget (`tests/test_browser_code.py`) counts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx
from reflex.components.core.banner import has_connection_errors
from reflex.components.core.upload import upload_file
from reflex.components.core.window_events import WindowEventListener
from reflex.components.react_router.dom import ReactRouterLink
from reflex.experimental.client_state import ClientStateVar
from reflex_base.constants.compiler import MemoizationMode
from reflex_base.event import EventChain, key_event, no_args_event_spec
from reflex_base.utils.imports import ImportVar
from reflex_base.vars.base import LiteralVar, Var, VarData
from reflex_base.vars.function import ArgsFunctionOperation, FunctionStringVar, FunctionVar
from reflex_base.vars.number import NumberVar
from reflex_base.vars.object import ObjectVar
from reflex_base.vars.sequence import StringVar

__all__ = [
    "ONE_MEMO_COMPONENT",
    "ClientStateVar",
    "FunctionVar",
    "NumberVar",
    "ObjectVar",
    "ReactRouterLink",
    "StringVar",
    "WindowEventListener",
    "arrow",
    "client_state_var",
    "connection_lost",
    "do_nothing",
    "event_chain_handler",
    "imported_function",
    "js",
    "js_function",
    "key_event",
    "no_args_event_spec",
    "react_hook",
    "upload_chooser",
]

# A browser value that is true while the socket to the backend is down (Reflex's connection banner reads it).
connection_lost: Var[bool] = has_connection_errors

# Memoization for a component compiled as one memo with everything inside it (see OneWrapperDiv).
ONE_MEMO_COMPONENT = MemoizationMode(recursive=False)


def js(expression: str) -> Var:
    """A JavaScript expression written as text (`"location.search"`, `"() => null"`), as a Var."""
    return Var(expression)


# A handler that does nothing (where a handler must be given).
do_nothing = js("() => null")


def js_function(name: str) -> FunctionVar:
    """A function the browser has by its global name (`"JSON.parse"`, `"document.getElementById"`)."""
    return FunctionStringVar.create(name)


def imported_function(name: str, module: str) -> FunctionVar:
    """The function `name` exported by the JavaScript module `module`, imported where the page uses it."""
    return FunctionStringVar.create(name, _var_data=VarData(imports={module: [ImportVar(tag=name)]}))


def react_hook(expression: str, hook: str, module: str, tag: str) -> Var:
    """`expression` read from a React hook's result: `hook` is the statement the component runs (e.g.
    `const routerLocation = useLocation()`), `tag` the hook's name imported from `module`."""
    return Var(expression, _var_data=VarData(imports={module: [ImportVar(tag=tag)]}, hooks={hook: None}))


def arrow(args: Sequence[str], body: Any) -> FunctionVar:
    """The arrow function `(args) => body`: a browser handler or an expression naming its values."""
    return ArgsFunctionOperation.create(tuple(args), body)


def client_state_var(name: str, default: Any) -> ClientStateVar:
    """A browser-only value (a React `useState` compiled from Python), shared by the components naming it."""
    return ClientStateVar.create(name, default=default)


def event_chain_handler(events: Sequence[Any], trigger: str, component: type, *, unless: Var[bool]) -> Var:
    """The event chain `events` as the `trigger` handler of a `component` (its event spec), doing nothing
    while `unless` holds: a chain Reflex would otherwise send every time (a busy form's second submit)."""
    chain = EventChain.create(list(events), args_spec=component.get_event_triggers()[trigger], key=trigger)
    return rx.cond(unless, do_nothing, LiteralVar.create(chain)).to(FunctionVar, EventChain)


def upload_chooser(upload_id: str) -> Var:
    """The function `rx.upload`'s drop calls with the chosen files, kept until `rx.upload_files` sends them."""
    return upload_file(upload_id)
