"""The served backend answers browsers from the site's own origin only (Reflex's CORS layer and the API's)."""

from __future__ import annotations

import httpx
import pytest

FOREIGN_ORIGIN = "https://evil.example"


def _preflight(backend_url: str, path: str, origin: str) -> httpx.Response:
    return httpx.options(
        f"{backend_url}{path}",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
        timeout=10,
    )


@pytest.mark.parametrize("path", ["/api/ScheduleDemo", "/_event/"])
def test_site_origin_is_allowed(backend_url, site_url, path):
    answer = _preflight(backend_url, path, site_url)
    assert answer.headers.get("access-control-allow-origin") == site_url


@pytest.mark.parametrize("path", ["/api/ScheduleDemo", "/_event/"])
def test_foreign_origin_is_not_allowed(backend_url, path):
    answer = _preflight(backend_url, path, FOREIGN_ORIGIN)
    assert answer.headers.get("access-control-allow-origin") not in (FOREIGN_ORIGIN, "*")


def test_foreign_origin_post_gets_no_cors_grant(backend_url):
    answer = httpx.post(f"{backend_url}/api/ProductVideo", json={}, headers={"Origin": FOREIGN_ORIGIN}, timeout=10)
    assert answer.headers.get("access-control-allow-origin") not in (FOREIGN_ORIGIN, "*")
