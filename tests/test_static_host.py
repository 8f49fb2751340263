"""The test/bench static host answers like the production nginx config in the README."""

from __future__ import annotations

import gzip
import http.client
import socket

import pytest

from scripts.harness.static_host import StaticHost


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory):
    tmp_path = tmp_path_factory.mktemp("client")
    (tmp_path / "assets").mkdir()
    (tmp_path / "product").mkdir()
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "product.html").write_text("product")
    (tmp_path / "product" / "index.html").write_text("product/")
    (tmp_path / "404.html").write_text("shell")
    (tmp_path / "assets" / "app-1a2b.js").write_text("plain")
    (tmp_path / "assets" / "app-1a2b.js.gz").write_bytes(gzip.compress(b"sidecar"))
    (tmp_path.parent / "secret.txt").write_text("outside the root")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    served = StaticHost(tmp_path, port).start()
    yield served
    served.stop()


def get(host: StaticHost, path: str, gzip_ok: bool = False) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(host.url.removeprefix("http://"), timeout=5)
    connection.request("GET", path, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    response = connection.getresponse()
    result = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    connection.close()
    return result


@pytest.mark.parametrize(("path", "body"), [
    ("/", b"home"), ("/product", b"product"), ("/product/", b"product/"), ("/product?x=1", b"product"),
])
def test_routes_resolve_like_try_files(host, path, body):
    status, _, content = get(host, path)
    assert (status, content) == (200, body)


@pytest.mark.parametrize("path", ["/nope", "/Product", "/../secret.txt", "/%2e%2e/secret.txt"])
def test_unknown_or_escaping_paths_get_404_html(host, path):
    status, _, content = get(host, path)
    assert (status, content) == (404, b"shell")


def test_gzip_sidecar_and_long_cache_for_hashed_assets(host):
    status, headers, content = get(host, "/assets/app-1a2b.js", gzip_ok=True)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(content) == b"sidecar"
    assert "immutable" in headers["cache-control"]
    assert headers["content-type"].startswith("text/javascript")


def test_html_is_compressed_on_the_fly_and_plain_without_accept_encoding(host):
    _, headers, content = get(host, "/", gzip_ok=True)
    assert headers["content-encoding"] == "gzip" and gzip.decompress(content) == b"home"
    assert headers["cache-control"] == "no-cache"
    _, plain_headers, plain = get(host, "/")
    assert "content-encoding" not in plain_headers and plain == b"home"
