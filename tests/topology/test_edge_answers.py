"""The small faults of the first production probe, through nginx and on each backend directly: no redirect
names a forged Host, TRACE answers 405 on every prefix, /readyz tells the public its status alone, and a
request refused with 413 before its body was read never costs the next request on that connection."""

from __future__ import annotations

import contextlib
import json
import socket

import httpx

from scripts.harness.topology import Topology

FORGED = "evil.example"
# A trailing slash on an address that names a route without it: Starlette's redirect, in each mounted app.
SLASHED = ["/booking/x/", "/ping/", "/livez/", "/readyz/", "/admin/leads/", "/api/ProductVideo/"]
PREFIXES = ["/", "/api/ProductVideo", "/api/docs", "/admin/", "/booking/x", "/_event/", "/_upload", "/ping", "/readyz"]


def _targets(stack: Topology) -> list[str]:
    return [stack.api_url, *(backend.url for backend in stack.backends)]


def test_no_redirect_names_a_forged_host(stack: Topology):
    for base in _targets(stack):
        for path in SLASHED:
            answer = httpx.get(base + path, headers={"Host": FORGED}, timeout=10)
            location = answer.headers.get("location", "")
            assert FORGED not in location, (base, path, answer.status_code, location)
            if answer.is_redirect:
                assert location.startswith("/") and not location.startswith("//"), (base, path, location)


def test_trace_answers_405_on_every_prefix(stack: Topology):
    for base in _targets(stack):
        for path in PREFIXES:
            answer = httpx.request("TRACE", base + path, timeout=10)
            assert answer.status_code == 405, (base, path, answer.status_code)


def test_readyz_through_nginx_tells_the_status_alone_and_the_backend_port_the_checks(stack: Topology):
    public = httpx.get(f"{stack.api_url}/readyz", timeout=10)
    assert public.status_code == 200 and public.json() == {"status": "ready"}
    direct = httpx.get(f"{stack.backends[0].url}/readyz", timeout=10)
    assert direct.status_code == 200 and direct.json()["checks"]["database"] == "ok"
    spoofed = httpx.get(f"{stack.backends[0].url}/readyz", headers={"X-Forwarded-For": "127.0.0.1"}, timeout=10)
    assert "checks" not in spoofed.json()  # a request that came through a proxy is never trusted by address


def _response_head(connection: socket.socket) -> bytes | None:
    """The status line and headers of the next answer, its body read and dropped; None if the server hung up."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (int(line.split(b":")[1]) for line in head.lower().split(b"\r\n") if line.startswith(b"content-length:")), 0
    )
    while len(body) < length and (chunk := connection.recv(65536)):
        body += chunk
    return head


def next_request_answered(port: int, oversized: bytes) -> bool:
    """An oversized lead, then `GET /livez` on the same kept-alive connection, as an HTTP/1.1 client does it:
    on a new connection only if the server said `Connection: close`. True when the second is answered."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        request = (
            f"POST /api/ProductVideo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(oversized)}\r\n\r\n"
        ).encode()
        with contextlib.suppress(OSError):  # the server may answer and close while the body is on its way
            connection.sendall(request + oversized)
        head = _response_head(connection)
        assert head is not None and head.startswith(b"HTTP/1.1 413"), head
        if b"\r\nconnection: close" in head.lower():
            connection.close()
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        try:
            connection.sendall(b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = _response_head(connection)
        except OSError:
            return False
        return answer is not None and answer.startswith(b"HTTP/1.1 200")
    finally:
        connection.close()


def test_every_request_after_a_refused_oversized_body_on_a_kept_alive_connection_is_answered(stack):
    """On a backend's own Granian, as in the single-port server (tests/browser/test_single_port_headers.py)."""
    oversized = json.dumps({"name": "x" * 100_000, "email": "big@school.edu"}).encode()
    port = stack.backends[0].port
    assert sum(next_request_answered(port, oversized) for _ in range(20)) == 20
