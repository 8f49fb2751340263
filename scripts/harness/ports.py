"""Free loopback ports for the servers the tests and benchmarks start.

A port found free may be taken before the server binds it. Asking the kernel for one (bind to port 0)
hands out ports of the ephemeral range, the very range every outgoing connection on the machine takes
its local port from, and the next call of any other process's "free port" gets the same few numbers;
that race showed as "Address already in use" in CI while other work ran. So a port is drawn at random
below the ephemeral range, where no outgoing connection lands, and checked; a server that still loses
the race is started again on another port (harness/backend.py).
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

LOWEST = 10000
EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
ATTEMPTS = 50


def _below_ephemeral() -> int:
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default start of the range


def free_port() -> int:
    highest = _below_ephemeral()
    for _ in range(ATTEMPTS):
        port = random.randrange(LOWEST, highest)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as probe:  # the range is crowded: let the kernel choose
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
