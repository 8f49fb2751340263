"""Fixtures of the lead tests: the session database, a fresh, generous rate limiter per test, and the
JSON API over real HTTP (a uvicorn server on a free loopback port, the session database behind it)."""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest
import uvicorn

from marketing_site.core import rate_limit
from marketing_site.leads import antispam
from marketing_site.web import api


@pytest.fixture(autouse=True)
def _fresh_rate_limiter():
    """Each test starts with an empty, generous limiter; tests about the limit install their own."""
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    yield
    antispam.use_rate_limiter(None)


@pytest.fixture(autouse=True, scope="session")
def _session_database(database_url):
    """Every lead test talks to the throw-away session database, never to a configured one."""
    return database_url


class _TestsApp:
    """The server's ASGI app: it hands each request to the app built for the running test."""

    app = None

    async def __call__(self, scope, receive, send):
        await self.app(scope, receive, send)


@pytest.fixture(scope="session")
def _server(database_url):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    served = _TestsApp()
    # proxy_headers=False: like Granian, which serves the API in production, trust no X-Forwarded-For itself.
    server = uvicorn.Server(
        uvicorn.Config(served, host="127.0.0.1", port=port, log_level="warning", proxy_headers=False, lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "API server did not start"
        time.sleep(0.05)
    yield served, f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def base_url(_server):
    """One server for the session, an API built for each test (~25 ms): a change to how the API is
    built (routes, limits, CORS, the published schema) is seen by every test, mutation testing included."""
    served, url = _server
    served.app = api.build_api()
    yield url
    served.app = None


@pytest.fixture
def client(base_url):
    with httpx.Client(base_url=base_url, timeout=10) as http:
        yield http
