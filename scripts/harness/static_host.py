"""A static web server that behaves like nginx/a CDN in front of ``reflex export`` output.

``try_files $uri $uri.html $uri/index.html`` then ``404.html`` with status 404, gzip sidecars
(``.gz`` files Reflex writes) sent with ``Content-Encoding: gzip``, long caching for hashed assets.
It runs in a background thread of the calling process, or standalone via ``python -m``.
"""

from __future__ import annotations

import argparse
import gzip
import mimetypes
import threading
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

_COMPRESSIBLE = (".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest")


def resolve(root: Path, url_path: str) -> Path | None:
    """The file a production host would serve for ``url_path``, or None (then 404.html)."""
    path = unquote(urlsplit(url_path).path)
    relative = path.lstrip("/")
    candidates = [relative + "index.html"] if path.endswith("/") else [relative, relative + ".html", relative + "/index.html"]
    for candidate in candidates:
        target = (root / candidate).resolve()
        if target.is_relative_to(root) and target.is_file():
            return target
    return None


class StaticHandler(BaseHTTPRequestHandler):
    """GET/HEAD only; every response carries Content-Length so keep-alive works."""

    protocol_version = "HTTP/1.1"

    def __init__(self, *args, root: Path, **kwargs):
        self.root = root
        super().__init__(*args, **kwargs)

    def do_HEAD(self) -> None:
        self._serve(send_body=False)

    def do_GET(self) -> None:
        self._serve(send_body=True)

    def _serve(self, send_body: bool) -> None:
        target = resolve(self.root, self.path)
        status = HTTPStatus.OK
        if target is None:
            target, status = self.root / "404.html", HTTPStatus.NOT_FOUND
        body, encoding = self._body(target)
        self.send_response(status)
        self.send_header("Content-Type", _content_type(target))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", _cache_control(self.root, target))
        self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _body(self, target: Path) -> tuple[bytes, str]:
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return target.read_bytes(), ""
        sidecar = target.with_name(target.name + ".gz")
        if sidecar.is_file():
            return sidecar.read_bytes(), "gzip"
        if target.suffix in _COMPRESSIBLE:
            return gzip.compress(target.read_bytes(), compresslevel=6), "gzip"
        return target.read_bytes(), ""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        """Quiet: test output should show failures, not access logs."""


def _content_type(target: Path) -> str:
    if target.suffix in (".js", ".mjs"):
        return "text/javascript; charset=utf-8"
    guessed = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") or guessed.endswith(("xml", "json")) else guessed


def _cache_control(root: Path, target: Path) -> str:
    hashed_asset = target.parent == root / "assets"
    return "public, max-age=31536000, immutable" if hashed_asset else "no-cache"


class StaticHost:
    """Serve ``root`` on 127.0.0.1:``port`` from a daemon thread until ``stop()``."""

    def __init__(self, root: Path, port: int):
        self.root = root.resolve()
        self.server = ThreadingHTTPServer(("127.0.0.1", port), partial(StaticHandler, root=self.root))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{port}"
        self._thread = threading.Thread(target=self.server.serve_forever, name="static-host", daemon=True)

    def start(self) -> StaticHost:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path)
    parser.add_argument("--port", type=int, default=3000)
    args = parser.parse_args()
    host = StaticHost(args.root, args.port)
    print(f"Serving {args.root} at {host.url} (Ctrl+C stops)", flush=True)
    try:
        host.server.serve_forever()
    except KeyboardInterrupt:
        host.server.server_close()


if __name__ == "__main__":
    main()
