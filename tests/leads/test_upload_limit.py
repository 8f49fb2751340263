"""The guards on Reflex's /_upload: a declared length within the résumé cap before anything is spooled to
disk, and a 400 with a message for a file part without a file name (the browser tests send real uploads)."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from reflex.utils.exceptions import UploadValueError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from marketing_site.content.messages import message
from marketing_site.settings import settings
from marketing_site.web import upload_limit

CAP = settings.max_resume_bytes + upload_limit.FORM_OVERHEAD_BYTES


async def backend(scope, receive, send) -> None:
    body = await Request(scope, receive).body()
    await PlainTextResponse(f"reached the backend with {len(body)} bytes")(scope, receive, send)


def post(app, path: str, length: str | None) -> httpx.Response:
    """POST with the given Content-Length header (or none): the guard reads the header, not the body."""

    async def call() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as http:
            request = http.build_request("POST", path, content=b"cv")
            del request.headers["content-length"]
            if length is not None:
                request.headers["content-length"] = length
            return await http.send(request)

    return asyncio.run(call())


@pytest.mark.parametrize("path", ["/_upload", "/_upload/", "/backend/_upload"])
def test_an_upload_within_the_cap_reaches_reflex_and_one_byte_more_is_refused(path):
    guarded = upload_limit.upload_body_limit(backend)
    reached = post(guarded, path, str(CAP))
    assert (reached.status_code, reached.text) == (200, "reached the backend with 2 bytes")
    refused = post(guarded, path, str(CAP + 1))
    assert (refused.status_code, refused.text) == (413, message("upload.too_large"))


@pytest.mark.parametrize("length", [None, "", "12a", "-1"])
def test_an_upload_without_a_readable_length_is_refused_before_it_is_read(length):
    refused = post(upload_limit.upload_body_limit(backend), "/_upload", length)
    assert (refused.status_code, refused.text) == (411, message("upload.length_required"))


def test_other_paths_pass_whatever_their_length():
    assert post(upload_limit.upload_body_limit(backend), "/api/ProductVideo", str(CAP * 10)).status_code == 200


def test_a_file_part_without_a_file_name_gets_400_with_a_message():
    async def upload(_request):
        raise UploadValueError("no file name")

    reflex_backend = Starlette(routes=[Route("/_upload", upload, methods=["POST"])])
    upload_limit.refuse_malformed_uploads(reflex_backend)
    refused = post(reflex_backend, "/_upload", "0")
    assert (refused.status_code, refused.text) == (400, message("upload.no_file_name"))
