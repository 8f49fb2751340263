"""The single-port deployment (`reflex run --env prod`, README Deployment (b)) sends the same
headers from the backend middleware: pages at their exact address, hashed assets, images, the 404
and the API, with the script hashes of the build it serves itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from header_checks import assert_security_headers, vary_origins
from raw_http import next_request_answered

from marketing_site.build.csp_hashes import inline_script_hashes
from marketing_site.web.security_headers import CACHE_HASHED_ASSET, CACHE_MEDIA
from scripts.harness.backend import Backend
from scripts.harness.build import EXPORT_DIR, export_lock
from scripts.harness.ports import free_port

# The headers come from the middleware, whatever the database: the PostgreSQL pass would build the frontend again
# (about a minute) to check the same answers.
pytestmark = pytest.mark.database_independent


@pytest.fixture(scope="module")
def single_port(served, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Frontend and backend on one port; holds the export lock, since it builds into .web/ itself."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**served.env, "SITE_URL": url, "REFLEX_API_URL": url}
    with export_lock():
        server = Backend(port, env, tmp_path_factory.mktemp("single-port") / "server.log", single_port=True)
        server.start(timeout=300)
        try:
            yield url
        finally:
            server.stop()


def _one_of_each() -> dict[str, str]:
    script = next(EXPORT_DIR.joinpath("assets").glob("*.js")).name
    image = next(EXPORT_DIR.joinpath("images").rglob("*.webp")).relative_to(EXPORT_DIR)
    return {"page": "/product", "script": f"/assets/{script}", "image": f"/{image}", "missing": "/no-such-page"}


@pytest.mark.parametrize(
    ("kind", "status", "cache"),
    [
        ("page", 200, "no-cache"),
        ("script", 200, CACHE_HASHED_ASSET),
        ("image", 200, CACHE_MEDIA),
        ("missing", 404, "no-cache"),
    ],
)
def test_each_kind_of_answer_of_the_single_port_server(single_port, kind, status, cache):
    response = httpx.get(single_port + _one_of_each()[kind])
    assert response.status_code == status
    assert_security_headers(response, single_port)
    assert response.headers["cache-control"] == cache
    assert vary_origins(response) == ["Origin"]


@pytest.mark.parametrize("kind", ["page", "script", "image"])
def test_its_304_carries_the_headers_of_its_200(single_port, kind):
    address = single_port + _one_of_each()[kind]
    first = httpx.get(address)
    again = httpx.get(address, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    for name in ("content-security-policy", "cache-control", "x-content-type-options"):
        assert again.headers[name] == first.headers[name], name


def test_its_page_policy_names_every_inline_script_it_serves(single_port):
    response = httpx.get(single_port + "/product")
    scripts = inline_script_hashes(response.text)
    assert scripts and all(f"'sha256-{digest}'" in response.headers["content-security-policy"] for digest in scripts)


def test_its_api_answers_carry_the_headers(single_port):
    response = httpx.post(
        single_port + "/api/ProductVideo",
        content="{}",
        headers={"Content-Type": "application/json", "Origin": single_port},
    )
    assert response.status_code == 422
    assert_security_headers(response, single_port)
    assert vary_origins(response) == ["Origin"]


def test_every_request_after_a_refused_oversized_body_on_a_kept_alive_connection_is_answered(single_port):
    """A 413 sent before the body was read closes the connection; the next request is never lost."""
    oversized = json.dumps({"name": "x" * 100_000, "email": "big@school.edu"}).encode()
    port = urlsplit(single_port).port
    assert sum(next_request_answered(port, oversized) for _ in range(20)) == 20


def test_no_redirect_of_the_single_port_server_names_a_forged_host(single_port):
    for path in ("/ping/", "/booking/x/", "/livez/"):
        answer = httpx.get(single_port + path, headers={"Host": "evil.example"})
        assert "evil.example" not in answer.headers.get("location", ""), path
