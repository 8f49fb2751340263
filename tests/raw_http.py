"""HTTP/1.1 spoken on a raw socket, where a client library would hide what the server did with the
connection (tests/topology/test_edge_answers.py, tests/browser/test_single_port_headers.py)."""

from __future__ import annotations

import contextlib
import socket


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
