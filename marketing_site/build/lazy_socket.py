"""Build step: a page opens the Reflex websocket only when something on it needs the server.

Reflex 0.10.1 connects every page as it mounts (`EventLoopProvider` calls `ensureSocketConnected()` in
its mount effect, and a module-level warm-up opens the transport even earlier), and the first thing on
the socket is `hydrate_and_load`. On a marketing site most visitors only read, so each of them cost a
websocket, a hydrate and a state in Redis for nothing. This step rewrites Reflex's `utils/state.js` so
that:

- nothing connects at mount, and the warm-up is gone;
- the first event that needs the server (a form's start on the visitor's first focus or input, opening
  the video dialog, a submit) connects, and the hydrate rides in that connection's CONNECT packet as
  before; events queued meanwhile go out after it, in order;
- a client-side navigation sends the page's `on_load` events only over a socket the page already has
  (a later first connect hydrates the page it is on, which runs them);
- a frontend error is reported over an open socket, or with the first connection; it never opens one;
- socket.io-client is imported when the first connection starts, not with the page, and universal-cookie with
  it: browser-storage cookies are read for the hydrate and written from the server's updates, both over a
  connection (a navigation's on_load, which reads them too, now waits for one).

Every rewrite names the exact text it replaces; when a Reflex upgrade changes that text the build
fails (`StateJsChanged`) instead of silently connecting every page again. docs/widgets.md says what to
check then. The template is read from the installed Reflex each time, so a rebuild never patches its
own output twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Unpack

from reflex.plugins import Plugin
from reflex_base.constants import Templates
from reflex_base.plugins.base import PreCompileContext

from marketing_site.build.javascript import javascript

STATE_JS = "utils/state.js"  # under .web, as Reflex copies it from its template
TEMPLATE = Templates.Dirs.WEB_TEMPLATE / STATE_JS
MARKER = "// Patched by marketing_site/build/lazy_socket.py"


class StateJsChanged(RuntimeError):
    """Reflex's state.js no longer has the text this step rewrites: re-check the step (docs/widgets.md)."""


@dataclass(frozen=True)
class Rewrite:
    why: str
    old: str
    new: str


REWRITES: tuple[Rewrite, ...] = (
    Rewrite(
        "socket.io-client is fetched by the first connection",
        'import io from "socket.io-client";\n',
        javascript(f"""{MARKER}: no websocket until an event needs the server.
let io;
let socketClientLoading;
const loadSocketClient = () =>
  (socketClientLoading ??= Promise.all([import("socket.io-client"), import("universal-cookie")]).then(
    ([socketClient, universalCookie]) => {{
      io = socketClient.default;
      cookies = new universalCookie.default();
    }},
    (error) => {{
      socketClientLoading = undefined;
      throw error;
    }},
  ));
let socketClientRetry;
// Frontend errors seen before any connection, sent with the first one (never a reason to connect).
const unsentErrorReports = [];
"""),
    ),
    Rewrite(
        "universal-cookie comes with the socket client (cookies are read and written only over a connection)",
        'import Cookies from "universal-cookie";\n',
        "",
    ),
    Rewrite(
        "the cookie jar is made when the socket client arrives",
        "const cookies = new Cookies();\n",
        javascript("let cookies;\n"),
    ),
    Rewrite(
        "no transport warm-up before the app mounts",
        'if (typeof window !== "undefined") {\n  queueMicrotask(() => {\n    if (\n      socketStarted ||',
        javascript("if (false) {\n  queueMicrotask(() => {\n    if (\n      socketStarted ||"),
    ),
    Rewrite(
        "connect() loads the socket client first, and retries while it cannot be fetched",
        "  params,\n) => {\n  // Socket already allocated, just reconnect it if needed.\n  if (socket.current) {",
        javascript("""  params,
) => {
  if (!io) {
    try {
      await loadSocketClient();
    } catch (error) {
      setConnectErrors((errors) => [...errors.slice(-9), error]);
      socketClientRetry ??= window.setTimeout(() => {
        socketClientRetry = undefined;
        connect(socket, dispatch, transports, setConnectErrors, client_storage, navigate, params);
      }, 2000);
      return;
    }
  }
  // Socket already allocated, just reconnect it if needed.
  if (socket.current) {"""),
    ),
    Rewrite(
        "the first connection carries the error reports kept until then",
        "      // Initialize the websocket connection.\n      await connect(\n",
        javascript(
            "      event_queue.unshift(...unsentErrorReports.splice(0));\n"
            "      // Initialize the websocket connection.\n      await connect(\n"
        ),
    ),
    Rewrite(
        "a frontend error does not open a socket (window.onerror)",
        "    window.onerror = function (msg, url, lineNo, columnNo, error) {\n      addEvents([",
        javascript("    window.onerror = function (msg, url, lineNo, columnNo, error) {\n      reportError(["),
    ),
    Rewrite(
        "a frontend error does not open a socket (unhandled rejection)",
        "    window.onunhandledrejection = function (event) {\n      addEvents([",
        javascript("    window.onunhandledrejection = function (event) {\n      reportError(["),
    ),
    Rewrite(
        "the error reporter: over the socket if there is one, else kept for the first connection",
        "  // Handle frontend errors and send them to the backend via websocket.\n",
        javascript("""  // Handle frontend errors and send them to the backend via websocket.
  const reportError = (events) => {
    if (socket.current) {
      addEvents(events);
    } else if (unsentErrorReports.length < 10) {
      unsentErrorReports.push(...events);
    }
  };
"""),
    ),
    Rewrite(
        "no connection at mount, unless an event already waits for the server",
        "    mounted.current = true;\n    ensureSocketConnected();\n",
        javascript("    mounted.current = true;\n    if (isStateful()) {\n      ensureSocketConnected();\n    }\n"),
    ),
    Rewrite(
        "a navigation runs on_load over an open socket only (a first connect hydrates the page it is on)",
        "    // Equivalent to routeChangeComplete - runs after navigation completes\n"
        "    addEvents(app.onLoadInternalEvent());\n",
        javascript(
            "    // Equivalent to routeChangeComplete - runs after navigation completes\n"
            "    if (socket.current) {\n      addEvents(app.onLoadInternalEvent());\n    }\n"
        ),
    ),
)


def lazy_socket(state_js: str) -> str:
    """Reflex's state.js with every rewrite applied; StateJsChanged when any text is not there exactly once."""
    for rewrite in REWRITES:
        found = state_js.count(rewrite.old)
        if found != 1:
            raise StateJsChanged(
                f"{STATE_JS}: expected the text for '{rewrite.why}' once, found it {found} times "
                f"(Reflex changed; see docs/widgets.md, 'The lazy websocket')"
            )
        state_js = state_js.replace(rewrite.old, rewrite.new)
    return state_js


def patched_state_js(current: str) -> str:
    """The patched template, whatever Reflex left in .web (the pristine copy or an earlier build's patch, of
    this step or an older one); any other content means something else writes the file, and the build stops."""
    template = TEMPLATE.read_text(encoding="utf-8")
    patched = lazy_socket(template)
    if current != template and MARKER not in current:
        raise StateJsChanged(f"{STATE_JS} in .web is neither Reflex's template nor this step's output")
    return patched


@dataclass(kw_only=True, frozen=True)
class LazySocketPlugin(Plugin):
    """Applies `lazy_socket` to the compiled app's state.js before the frontend is built."""

    def pre_compile(self, **context: Unpack[PreCompileContext]) -> None:
        context["add_modify_task"](STATE_JS, patched_state_js)
