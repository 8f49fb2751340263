"""Redirects never name a host the visitor sent: a Location built from the Host header is made relative.

Starlette's trailing-slash redirect (Reflex's own router: `/ping/`; the visitor's booking pages:
`/booking/x/`; any mounted app) writes an absolute Location from the request's Host header, so a forged
`Host: evil.example` came back as `Location: http://evil.example/...`, a link a cache or a crafted page could
hand to someone else. This middleware, around the whole backend, rewrites any Location on the request's own
scheme and Host to the same address without them; a Location to another host (a configured SITE_URL)
is left as it is.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def relative_location(location: str, scheme: str, host: str) -> str:
    """``location`` without scheme and host when they are the request's own; otherwise unchanged."""
    parts = urlsplit(location)
    if not parts.netloc or parts.scheme.lower() != scheme or parts.netloc.lower() != host.lower():
        return location
    return urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))


def relative_redirects(app: ASGIApp) -> ASGIApp:
    """API transformer: every answer's Location on the request's own host becomes relative."""

    async def relative(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)
        host = Headers(scope=scope).get("host", "")

        async def send_relative(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "location" in headers:
                    headers["location"] = relative_location(headers["location"], scope.get("scheme", "http"), host)
            await send(message)

        await app(scope, receive, send_relative)
        return None

    return relative
