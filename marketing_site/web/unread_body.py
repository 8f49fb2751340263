"""An answer sent before the request's body was read closes the connection (`Connection: close`).

A body refused by its declared length (413 from the lead API's `max_body_size` or the upload cap, 411)
is never read. Granian then kept the connection open about half the time without saying so, and read the
unread body's bytes as the next request: the client's next request on that kept-alive connection got no
answer at all. Saying `Connection: close` makes the server close it and the client open a new one.
"""

from __future__ import annotations

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def _has_body(scope: Scope) -> bool:
    headers = Headers(scope=scope)
    length = headers.get("content-length", "")
    return (length.isdigit() and int(length) > 0) or "chunked" in headers.get("transfer-encoding", "").lower()


def close_after_unread_body(app: ASGIApp) -> ASGIApp:
    """API transformer: `Connection: close` on an answer that starts before the whole body arrived."""

    async def closing(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _has_body(scope):
            return await app(scope, receive, send)
        read_all = False

        async def counting_receive() -> Message:
            nonlocal read_all
            message = await receive()
            if message["type"] == "http.request" and not message.get("more_body", False):
                read_all = True
            return message

        async def send_closing(message: Message) -> None:
            if message["type"] == "http.response.start" and not read_all:
                MutableHeaders(scope=message)["Connection"] = "close"
            await send(message)

        await app(scope, counting_receive, send_closing)
        return None

    return closing
