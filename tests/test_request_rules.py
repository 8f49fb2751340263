"""The backend's rules for every request, in-process (through nginx and on a running backend:
tests/topology/test_edge_answers.py): redirects never name a forged Host, TRACE answers 405 anywhere, an answer
sent before the body was read closes the connection, and each request has an id its answer names."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from marketing_site.web.html.booking_pages import build_booking_pages
from marketing_site.web.method_refusal import refuse_trace
from marketing_site.web.own_host_redirects import relative_location, relative_redirects
from marketing_site.web.request_id import with_request_id
from marketing_site.web.unread_body import close_after_unread_body


@pytest.mark.parametrize(
    ("location", "kept"),
    [
        ("http://evil.example/booking/x?a=1#f", "/booking/x?a=1#f"),
        ("http://EVIL.example", "/"),
        ("https://evil.example/x", "https://evil.example/x"),  # another scheme: a redirect to HTTPS stays
        ("http://www.example.com/x", "http://www.example.com/x"),  # a configured address stays
        ("/admin/", "/admin/"),
    ],
)
def test_a_location_on_the_requests_own_host_becomes_relative(location, kept):
    assert relative_location(location, "http", "evil.example") == kept


def test_the_booking_pages_slash_redirect_names_no_forged_host():
    forged = TestClient(
        relative_redirects(build_booking_pages()), base_url="http://evil.example", follow_redirects=False
    )
    answer = forged.get("/booking/x/")
    assert answer.status_code == 307 and answer.headers["location"] == "/booking/x"
    bare = TestClient(build_booking_pages(), base_url="http://evil.example", follow_redirects=False)
    assert bare.get("/booking/x/").headers["location"] == "http://evil.example/booking/x"  # what it fixes


def test_trace_answers_405_on_any_path():
    app = refuse_trace(Starlette(routes=[Route("/x", lambda _r: RedirectResponse("/y"), methods=["GET"])]))
    for path in ("/x", "/x/", "/api/anything", "/_event"):
        answer = TestClient(app).request("TRACE", path)
        assert answer.status_code == 405 and "GET" in answer.headers["allow"]
    assert TestClient(app, follow_redirects=False).get("/x").status_code == 307


async def _refuse_unread(_request: Request) -> PlainTextResponse:
    return PlainTextResponse("too large", status_code=413)


async def _read_then_answer(request: Request) -> PlainTextResponse:
    return PlainTextResponse(f"{len(await request.body())} bytes")


def test_an_answer_sent_before_the_body_was_read_closes_the_connection():
    app = close_after_unread_body(
        Starlette(
            routes=[
                Route("/refuse", _refuse_unread, methods=["POST"]),
                Route("/read", _read_then_answer, methods=["POST"]),
            ]
        )
    )
    client = TestClient(app)
    assert client.post("/refuse", content=b"x" * 100_000).headers["connection"] == "close"
    assert "connection" not in client.post("/read", content=b"x" * 100_000).headers
    assert "connection" not in client.post("/refuse").headers  # no body: nothing left unread


def test_each_answer_names_its_request_id_nginxs_when_it_is_plain():
    app = with_request_id(Starlette(routes=[Route("/", lambda _r: PlainTextResponse("ok"))]))
    client = TestClient(app)
    assert client.get("/", headers={"X-Request-ID": "0f" * 16}).headers["x-request-id"] == "0f" * 16
    made = client.get("/", headers={"X-Request-ID": "bad id\twith space"}).headers["x-request-id"]
    assert len(made) == 32 and made != client.get("/").headers["x-request-id"]
