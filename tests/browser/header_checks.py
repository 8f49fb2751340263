"""Checks shared by the header tests: the security headers of one answer, and its Vary: Origin tokens."""

from __future__ import annotations

import httpx

from marketing_site.web.security_headers import RESOURCE_POLICY


def assert_security_headers(response: httpx.Response, backend_url: str) -> None:
    csp = response.headers["content-security-policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in directives.get("script-src", "")
    assert (directives["frame-ancestors"], directives["object-src"], directives["base-uri"]) == ("'none'",) * 3
    if response.headers["content-type"].startswith("text/html"):
        websocket = backend_url.replace("http://", "ws://")
        assert directives["connect-src"] == f"'self' {backend_url} {websocket}"
    else:
        assert csp == RESOURCE_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert response.headers["permissions-policy"]
    assert "strict-transport-security" not in response.headers, "plain HTTP: no HSTS"
    for name in ("content-security-policy", "cache-control", "x-content-type-options"):
        assert len(response.headers.get_list(name)) == 1, name


def vary_origins(response: httpx.Response) -> list[str]:
    """Each `Origin` token of the answer's Vary headers (a cache needs it exactly once)."""
    return [
        token.strip()
        for value in response.headers.get_list("vary")
        for token in value.split(",")
        if token.strip().lower() == "origin"
    ]
