"""Wake this process's background loops (mail, lead timers, webhooks) the moment a transaction that queued
work for them commits, instead of at their next poll: a new lead's mail and webhook leave in milliseconds.

A loop registers a ``Listener`` and waits on it with a timeout (the poll that still finds work queued by
another process). ``on_commit(session)`` asks for one nudge once that session's transaction commits; a
rolled-back one wakes nobody. Nudges come from worker threads, so they reach each loop through its own
event loop's ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

from sqlalchemy import event
from sqlalchemy.orm import Session

_listeners: set[Listener] = set()
_lock = threading.Lock()
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
    """Wake every loop of this process now."""
    with _lock:
        listeners = list(_listeners)
    for listener in listeners:
        listener.nudge()


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
