"""A TCP relay in front of the test PostgreSQL that can stop answering, like a frozen server.

`freeze()` is what SIGSTOP does to a server, seen from the client: connections stay open, bytes sent
are taken in, and nothing comes back until `thaw()`; a new connection is accepted but not served.
It costs milliseconds, so the connection watchdog can be tested in every lead-test run (mutation
testing included) without stopping a server; tests/faults still freeze a real private PostgreSQL.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress

CHUNK = 65536


class FrozenLink:
    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self._upstream = (upstream_host, upstream_port)
        self._serving = threading.Event()
        self._serving.set()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self) -> None:
        self._serving.clear()

    def thaw(self) -> None:
        self._serving.set()

    def close(self) -> None:
        self.thaw()
        with self._lock, suppress(OSError):
            self._listener.close()
            for sock in self._sockets:
                sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        self._serving.wait()  # a frozen server's kernel completes the handshake; nobody answers
        try:
            server = socket.create_connection(self._upstream)
        except OSError:
            client.close()
            return
        with self._lock:
            self._sockets += [client, server]
        threading.Thread(target=self._pump, args=(client, server), daemon=True).start()
        self._pump(server, client)

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        """Copy bytes one way; hold them while frozen; an end on either side closes both."""
        try:
            while chunk := source.recv(CHUNK):
                self._serving.wait()
                target.sendall(chunk)
        except OSError:
            pass
        for sock in (source, target):
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
