"""Each request gets an id its log lines carry (core/logs.py) and its answer names (`X-Request-ID`).

nginx sends its own `$request_id` (api.conf), so nginx's and the backend's records of a request match;
without one (a backend asked directly) the id is made here. A websocket's id holds for the connection, so
every form event on it shares one. Only a plain token is taken from outside: it goes into log lines.
"""

from __future__ import annotations

import re

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketing_site.core.logs import log_context, request_id

HEADER = "X-Request-ID"
PLAIN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def with_request_id(app: ASGIApp) -> ASGIApp:
    """API transformer: the request's id in the log context, and on an HTTP answer."""

    async def identified(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await app(scope, receive, send)
        sent = Headers(scope=scope).get(HEADER, "")
        with log_context(sent if PLAIN_ID.fullmatch(sent) else None):

            async def send_with_id(message: Message) -> None:
                if message["type"] == "http.response.start":
                    MutableHeaders(scope=message)[HEADER] = request_id.get()
                await send(message)

            await app(scope, receive, send_with_id)
        return None

    return identified
