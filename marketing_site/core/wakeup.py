"""Wake the background loops (mail, lead timers, webhooks) the moment a transaction that queued work for them
commits, instead of at their next poll: a new lead's mail and webhook leave in milliseconds. The loops of this
process, and with BACKGROUND_WAKEUP_SOCKET those of the background process beside it (the single-port server),
which listens on that Unix datagram socket (``from_other_processes``): a datagram per commit, fire and forget.

A loop registers a ``Listener`` and waits on it with a timeout (the poll that still finds work queued by
another process). ``on_commit(session)`` asks for one nudge once that session's transaction commits; a
rolled-back one wakes nobody. Nudges come from worker threads, so they reach each loop through its own
event loop's ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.orm import Session

from marketing_site.settings import settings

_listeners: set[Listener] = set()
_lock = threading.Lock()
_outgoing: socket.socket | None = None  # this process's end for nudging the background process
_receiving = False  # this process is the background process: its own commits wake it directly
_NUDGE_ASKED = "wakeup_on_commit"


class Listener:
    """One loop's wake-up call: ``wait`` returns when nudged or after ``timeout`` seconds."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()

    def __enter__(self) -> Listener:
        with _lock:
            _listeners.add(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        with _lock:
            _listeners.discard(self)

    async def wait(self, timeout: float) -> bool:
        """True if nudged (False: the timeout passed)."""
        nudged = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)
            nudged = True
        self._event.clear()
        return nudged

    def nudge(self) -> None:
        with contextlib.suppress(RuntimeError):  # its event loop has closed
            self._loop.call_soon_threadsafe(self._event.set)


def nudge() -> None:
    """Wake every loop of this process now, and the background process's if it listens."""
    with _lock:
        listeners = list(_listeners)
    for listener in listeners:
        listener.nudge()
    if settings.background_wakeup_socket and not _receiving:
        _nudge_other_process(settings.background_wakeup_socket)


def _nudge_other_process(path: str) -> None:
    global _outgoing
    with _lock:
        if _outgoing is None:
            _outgoing = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            _outgoing.setblocking(False)
    with contextlib.suppress(OSError):  # nobody listens (yet), or its queue is full: it still polls
        _outgoing.sendto(b"!", path)


@contextlib.contextmanager
def from_other_processes(path: str) -> Iterator[None]:
    """While open, every datagram to ``path`` wakes this process's loops (call it from their event loop)."""
    global _receiving
    Path(path).unlink(missing_ok=True)  # left by a process that was killed
    incoming = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    incoming.bind(path)
    incoming.setblocking(False)
    event_loop = asyncio.get_running_loop()

    def read_all() -> None:
        with contextlib.suppress(BlockingIOError):
            while incoming.recv(16):
                pass
        nudge()

    _receiving = True
    event_loop.add_reader(incoming.fileno(), read_all)
    try:
        yield
    finally:
        event_loop.remove_reader(incoming.fileno())
        incoming.close()
        Path(path).unlink(missing_ok=True)
        _receiving = False


def on_commit(db_session: Session) -> None:
    """Nudge the loops once ``db_session``'s current transaction commits (asked once per transaction)."""
    if db_session.info.get(_NUDGE_ASKED):
        return
    db_session.info[_NUDGE_ASKED] = True
    event.listen(db_session, "after_commit", _nudge_after_commit, once=True)
    event.listen(db_session, "after_rollback", _forget, once=True)


def _nudge_after_commit(db_session: Session) -> None:
    db_session.info.pop(_NUDGE_ASKED, None)
    nudge()


def _forget(db_session: Session) -> None:
    db_session.info.pop(_NUDGE_ASKED, None)
