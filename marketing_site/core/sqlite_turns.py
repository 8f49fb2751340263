"""SQLite's writers take turns without SQLite's busy handler, whose sleeps (1, 2, 5, 10 … 100 ms) wake a writer
long after the one before it finished: the p99 cause under load. Within a process a line served in order
(``_Queue``); between processes (the single-port server's backend and its background process, which share the
database file) an ``flock`` on a file beside the database, taken after the line, so each process has at most one
writer at the door.

A waiter for the file polls it (0.2 ms, doubling to 2 ms): ``flock`` cannot wait with a deadline, and another
process's write holds it for a millisecond or two. The file is opened once per process and database (a forked
worker opens its own: a descriptor inherited across ``fork`` is one lock for both).
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from marketing_site.core.deadline import DatabaseTimeout

FIRST_POLL_SECONDS = 0.0002
LONGEST_POLL_SECONDS = 0.002


class _Queue:
    """This process's writers, served in the order they came: a turn ends by handing the next one in line
    its turn, so no thread that happens to hold the GIL slips in ahead of one that has waited longer."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._waiting: deque[threading.Lock] = deque()
        self._held = False

    def acquire(self, timeout: float) -> bool:
        with self._guard:
            if not self._held:
                self._held = True
                return True
            gate = threading.Lock()
            gate.acquire()
            self._waiting.append(gate)
        if gate.acquire(timeout=timeout):
            return True
        with self._guard:
            if gate in self._waiting:
                self._waiting.remove(gate)
                return False
        return True  # handed the turn just as the wait ran out: it is this thread's now

    def release(self) -> None:
        with self._guard:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._held = False


_in_process = _Queue()
_files: dict[tuple[int, str], int] = {}  # (pid, lock file) -> descriptor, used under _in_process only


@contextmanager
def writer_turn(database_path: str | None, ends: float) -> Iterator[None]:
    """This writer's turn on the database at ``database_path`` (None or ":memory:": this process's alone),
    waited for until the monotonic time ``ends``."""
    if not _in_process.acquire(timeout=max(ends - time.monotonic(), 0.0)):
        raise DatabaseTimeout("another write of this process held the database until the deadline")
    try:
        descriptor = _lock_file(database_path)
        if descriptor is None:
            yield
            return
        _take(descriptor, ends)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        _in_process.release()


def _lock_file(database_path: str | None) -> int | None:
    if not database_path or database_path == ":memory:":
        return None
    key = (os.getpid(), f"{database_path}-writer")
    if key not in _files:
        _files[key] = os.open(key[1], os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    return _files[key]


def _take(descriptor: int, ends: float) -> None:
    pause = FIRST_POLL_SECONDS
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() + pause > ends:
                raise DatabaseTimeout("another process's write held the database until the deadline") from None
            time.sleep(pause)
            pause = min(pause * 2, LONGEST_POLL_SECONDS)
