"""Backend middleware: every HTTP response of the backend carries the headers of security_headers.py.

That covers the lead and vitals APIs, Reflex's own routes, and, in the single-port deployment, the
pages, assets and 404 it serves from the export (whose csp-hashes.json gives the script hashes).
Register it as the last api_transformer, so it wraps all the others.

`Vary`: Reflex puts a CORS layer around each mounted API app and one outermost, and each appends
`Origin` to Vary, so an API answer said `Vary: Origin, Origin, Origin`. This middleware drops the
inner ones; the outermost layer, which wraps it, adds the one that remains.
"""

from __future__ import annotations

from pathlib import Path

from reflex import constants
from reflex.config import get_config
from reflex.environment import environment
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketing_site.web.security_headers import (
    COMMON_HEADERS,
    STRICT_TRANSPORT_SECURITY,
    answer_type,
    cache_control,
    content_security_policy,
    policy_for,
    read_script_hashes,
)


def _export_dir() -> Path | None:
    """The served export in the single-port deployment; None when the backend serves no pages."""
    if not environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.get():
        return None
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir() / constants.Dirs.STATIC


def add_security_headers(app: ASGIApp, static_dir: Path | None = None, backend_url: str | None = None) -> ASGIApp:
    """API transformer: security headers and cache rules on every HTTP response of `app`."""
    static_dir = static_dir or _export_dir()
    backend_url = backend_url or get_config().api_url
    page_policy: str | None = None  # read on the first request: the export is built by then

    async def with_headers(scope: Scope, receive: Receive, send: Send) -> None:
        nonlocal page_policy
        if scope["type"] != "http":
            return await app(scope, receive, send)
        if page_policy is None:
            page_policy = content_security_policy(read_script_hashes(static_dir), backend_url)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                content_type = answer_type(scope["path"], headers.get("content-type", ""))
                if "content-security-policy" not in headers:  # the API docs page brings its own
                    headers["Content-Security-Policy"] = policy_for(content_type, page_policy)
                for name, value in COMMON_HEADERS.items():
                    headers[name] = value
                if scope.get("scheme") == "https":
                    headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY
                if "cache-control" not in headers:
                    headers["Cache-Control"] = cache_control(scope["path"], content_type)
                _drop_vary_origin(headers)
            await send(message)

        await app(scope, receive, send_with_headers)
        return None

    return with_headers


def _drop_vary_origin(headers: MutableHeaders) -> None:
    kept = [
        token.strip()
        for value in headers.getlist("vary")
        for token in value.split(",")
        if token.strip() and token.strip().lower() != "origin"
    ]
    del headers["vary"]
    if kept:
        headers["Vary"] = ", ".join(dict.fromkeys(kept))
