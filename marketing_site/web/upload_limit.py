"""Guards on Reflex's ``/_upload`` endpoint: a size cap (the résumé limit plus room for the other
form fields) and a 400, not a 500, for a malformed file part.

Reflex spools a whole multipart body to disk before the careers handler reads the file, so without
this cap one scripted request could fill the server's disk long before the service's size check.
"""

from __future__ import annotations

from reflex.utils.exceptions import UploadValueError
from starlette.applications import Starlette
from starlette.requests import Request
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
        return None

    return limited


def refuse_malformed_uploads(backend: Starlette) -> None:
    """A file part without a file name reaches Reflex as text and it raises UploadValueError: the
    client's mistake, so a 400 with a message instead of a 500."""
    backend.add_exception_handler(UploadValueError, _malformed_upload)


async def _malformed_upload(_request: Request, _error: Exception) -> PlainTextResponse:
    return PlainTextResponse(message("upload.no_file_name"), 400)
