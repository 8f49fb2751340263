"""The harness's ports: drawn below the ephemeral range, and a server that loses its port to another
process before binding it is started again on another one (the CI race "Address already in use")."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from scripts.harness import backend as backend_module
from scripts.harness.backend import Backend
from scripts.harness.ports import LOWEST, _below_ephemeral, free_port

# A stand-in backend: answers /ping on $PORT, or dies like Granian when the port is taken.
PING_SERVER = (
    f'exec {sys.executable} -c "import http.server, os\n'
    "class Ping(http.server.BaseHTTPRequestHandler):\n"
    "    def do_GET(self):\n"
    "        self.send_response(200); self.end_headers()\n"
    "    def log_message(self, *args): pass\n"
    "http.server.HTTPServer(('127.0.0.1', int(os.environ['PORT'])), Ping).serve_forever()\""
)


def test_free_ports_lie_below_the_ephemeral_range():
    ports = {free_port() for _ in range(20)}
    assert all(LOWEST <= port < _below_ephemeral() for port in ports) and len(ports) > 1


def test_a_backend_that_loses_its_port_starts_again_on_another(monkeypatch, tmp_path: Path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    lost = taken.getsockname()[1]
    offered = iter([lost, free_port()])
    monkeypatch.setattr(backend_module, "free_port", lambda: next(offered))
    server = Backend(None, {}, tmp_path / "server.log", command=PING_SERVER)
    try:
        server.start(timeout=20)
        assert server.port != lost and server.running
        assert "Address already in use" in (tmp_path / "server.log").read_text()
    finally:
        server.stop()
        taken.close()


def test_a_backend_given_its_port_never_moves(tmp_path: Path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = Backend(taken.getsockname()[1], {}, tmp_path / "server.log", command=PING_SERVER)
        with pytest.raises(RuntimeError, match="backend exited"):
            server.start(timeout=20)
        assert server.port == taken.getsockname()[1]
