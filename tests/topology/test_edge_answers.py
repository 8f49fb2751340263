"""The small faults of the first production probe, through nginx and on each backend directly: no redirect
names a forged Host, TRACE answers 405 on every prefix, /readyz tells the public its status alone, and a
request refused with 413 before its body was read never costs the next request on that connection."""

from __future__ import annotations

import json

import httpx
from raw_http import next_request_answered

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


def test_every_request_after_a_refused_oversized_body_on_a_kept_alive_connection_is_answered(stack):
    """On a backend's own Granian, as in the single-port server (tests/browser/test_single_port_headers.py)."""
    oversized = json.dumps({"name": "x" * 100_000, "email": "big@school.edu"}).encode()
    port = stack.backends[0].port
    assert sum(next_request_answered(port, oversized) for _ in range(20)) == 20
