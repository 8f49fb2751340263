"""A submission's database deadline, and the watchdog that enforces it on PostgreSQL connections.

A frozen server (SIGSTOP, a hung host, a stuck failover) keeps its TCP connections open, so a read
waiting for its answer never returns by itself, and a server-side timeout cannot fire while the
server is stopped. One daemon thread per process therefore shuts down the socket of every
connection still checked out when its deadline passes: the waiting call fails at once with a
disconnect error, the pool discards the connection and the caller answers 503. A server that wakes
later finds the client gone and rolls the transaction back (see ``db.BoundedSession`` for COMMIT).
"""

from __future__ import annotations

import contextvars
import logging
import os
import socket
import threading
import time
from contextvars import ContextVar
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger(__name__)

# Monotonic time by which the current submission's database work must be over (None: unbounded).
current: ContextVar[float | None] = ContextVar("database_deadline", default=None)


class DatabaseTimeout(SQLAlchemyError):
    """The submission's database time ran out before anything was committed."""


def remaining() -> float | None:
    deadline = current.get()
    return None if deadline is None else deadline - time.monotonic()


def ensure_time_left(needed: float = 0.0) -> None:
    """Raise DatabaseTimeout unless more than ``needed`` seconds of the deadline are left."""
    left = remaining()
    if left is not None and left <= needed:
        raise DatabaseTimeout("the database did not answer in time; nothing was stored")


class Watchdog:
    """Shuts the sockets of connections whose deadline passed; one thread per process, started on use."""

    # The process's one watchdog is made at import (below), where mutmut cannot switch a mutant on.
    def __init__(self) -> None:  # pragma: no mutate block
        # connection id -> (deadline, connection, the submission's context: its log lines' request id)
        self._watched: dict[int, tuple[float, Any, contextvars.Context]] = {}
        self._wake = threading.Condition()
        self._owner_pid = 0  # a forked worker must start its own thread

    def watch(self, connection: Any, deadline: float) -> None:
        with self._wake:
            self._watched[id(connection)] = (deadline, connection, contextvars.copy_context())
            if self._owner_pid != os.getpid():
                self._owner_pid = os.getpid()
                threading.Thread(target=self._run, name="database-watchdog", daemon=True).start()
            self._wake.notify()

    def release(self, connection: Any) -> None:
        with self._wake:
            watched = self._watched.get(id(connection))
            if watched is not None and watched[1] is connection:
                del self._watched[id(connection)]

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                for key, (deadline, connection, context) in list(self._watched.items()):
                    if deadline <= now:
                        del self._watched[key]
                        context.run(_sever, connection)
                upcoming = min((deadline for deadline, _, _ in self._watched.values()), default=None)
                self._wake.wait(None if upcoming is None else max(upcoming - now, 0.001))


def _sever(connection: Any) -> None:
    """Shut the psycopg connection's socket down under the thread blocked on it."""
    if getattr(connection, "closed", True):
        return
    try:
        with socket.socket(fileno=os.dup(connection.pgconn.socket)) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except Exception:  # already closed or broken: nothing left to cut
        return
    log.warning("Cut a database connection still waiting at its submission's deadline")


watchdog = Watchdog()
