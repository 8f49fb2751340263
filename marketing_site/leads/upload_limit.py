"""A size cap on Reflex's ``/_upload`` endpoint: the résumé limit plus room for the other form fields.

Reflex spools a whole multipart body to disk before the careers handler reads the file, so without
this cap one scripted request could fill the server's disk long before the service's size check.
"""

from __future__ import annotations

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from marketing_site.content.messages import message
from marketing_site.settings import settings

# Reflex caps the bound-arguments field at 1 MiB; the rest covers the form fields and multipart framing.
FORM_OVERHEAD_BYTES = 1024 * 1024 + 64 * 1024


def upload_body_limit(app: ASGIApp) -> ASGIApp:
    """Wrap the backend (as a Reflex api_transformer): uploads must declare a length within the cap."""
    limit = settings.max_resume_bytes + FORM_OVERHEAD_BYTES

    async def limited(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].rstrip("/").endswith("/_upload"):
            declared = dict(scope["headers"]).get(b"content-length", b"")
            if not declared.isdigit():
                return await PlainTextResponse(message("upload.length_required"), 411)(scope, receive, send)
            if int(declared) > limit:
                return await PlainTextResponse(message("upload.too_large"), 413)(scope, receive, send)
        await app(scope, receive, send)

    return limited
