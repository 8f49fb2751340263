"""TRACE (and its cousins TRACK and CONNECT) answer 405 on every path of the backend.

The staff area refused them already; elsewhere a TRACE fell through to Reflex's router and answered 404,
or a slash redirect (307 on `/_event`), where the documentation promises 405. nginx refuses TRACE
itself; the single-port server and a backend asked directly now do the same.
"""

from __future__ import annotations

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

REFUSED_METHODS = frozenset({"TRACE", "TRACK", "CONNECT"})
SERVED_METHODS = "GET, HEAD, POST, OPTIONS"  # the most any path of the backend answers


def refuse_trace(app: ASGIApp) -> ASGIApp:
    """API transformer: 405 with Allow for the refused methods, whatever the path."""

    async def refusing(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in REFUSED_METHODS:
            refusal = PlainTextResponse("Method not allowed", status_code=405, headers={"Allow": SERVED_METHODS})
            return await refusal(scope, receive, send)
        await app(scope, receive, send)
        return None

    return refusing
