"""Writes that commit in groups: the leads a worker process is given at the same moment are written by one
thread, one after another, in one transaction.

On SQLite every lead of a process waited for the database's one writer turn on its own, and each turn ended with
a COMMIT and a hand-over: the next writer's thread waking and getting the interpreter back (16 % of the turn's
time under load, ``docs/benchmarks.md``), while the turn was never free. On PostgreSQL each lead paid a
transaction's fixed costs alone: the connection's check-out and liveness check, the configuration counter, the
COMMIT's trip and flush, and the channel rows every lead adds to, locked by one COMMIT after another (grouped:
+19-25 % leads/s at 50 clients, ``make bench-load``). Here a writer queues its work (a function of the session)
and the first in line takes the turn for everyone queued behind it, up to ``MOST_IN_A_GROUP``: it runs each work
in the context of the thread that queued it (its deadline, its language), commits once, and wakes them. The next
group is written by the first one still waiting.

A work that raises rolls the group back: the others are written again without it, and then it gets its error
(a retried Idempotency-Key that lost its race finds the first one's lead; a slot just taken). So is a work whose
deadline passes: nobody commits a write its caller has stopped waiting for. A COMMIT that fails fails the whole
group, and nothing of it is stored; whether each work is done again after a lost connection is judged as if its
own thread had sent the COMMIT (``lost_connection.committing_for``).
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlmodel import Session

from marketing_site.core import db, deadline, lost_connection
from marketing_site.core.deadline import DatabaseTimeout

T = TypeVar("T")
MOST_IN_A_GROUP = 16  # a group's turn stays within a few tens of milliseconds
LATE_WAIT_SECONDS = 1.0  # a writer whose deadline passed while queued checks once more whether it was taken


@dataclass(eq=False)
class _Queued:
    """One writer's work, waiting for a group."""

    work: Callable[[Session], Any]
    context: contextvars.Context
    ends: float  # its deadline (monotonic)
    woken: threading.Event = field(default_factory=threading.Event)
    writes_next: bool = False  # woken to write the next group
    taken: bool = False  # in a group being written: it will be woken with its outcome
    finished: bool = False
    result: Any = None
    error: BaseException | None = None

    def finish(self, result: Any = None, error: BaseException | None = None) -> None:
        self.result, self.error, self.finished = result, error, True
        self.woken.set()


_guard = threading.Lock()
_queued: deque[_Queued] = deque()
_writing = False  # a thread is writing a group, or has been woken to


def write_grouped(work: Callable[[Session], T]) -> T:
    """``work(session)`` committed, maybe with other writers' works in one transaction; its result.
    Whatever it raises is raised here, and nothing it wrote is stored. ``work`` must not call this itself."""
    queued = _Queued(work, contextvars.copy_context(), _deadline())
    global _writing
    with _guard:
        _queued.append(queued)
        writes = not _writing
        _writing = True
    if not writes:
        _wait(queued)
    if not queued.finished:
        _write_group(queued)
    if queued.error is not None:
        raise queued.error
    result: T = queued.result
    return result


def _deadline() -> float:
    ends = deadline.current.get()
    return ends if ends is not None else time.monotonic() + db.limits().submit_timeout


def _wait(queued: _Queued) -> None:
    """Until ``queued`` is written or refused, or its thread is woken to write the next group."""
    if queued.woken.wait(timeout=max(queued.ends - time.monotonic(), 0.0) + LATE_WAIT_SECONDS):
        return
    with _guard:
        if not queued.taken and not queued.writes_next:  # nobody will write it now
            _queued.remove(queued)
            queued.finish(error=_late())
            return
    queued.woken.wait()  # in a group being written, or woken just now: soon


def _write_group(own: _Queued) -> None:
    """Take the turn, write the first ``MOST_IN_A_GROUP`` queued works (``own``, this thread's, is the first),
    then wake the first one left to write the next group."""
    global _writing
    group: list[_Queued] = []
    try:
        with db.write_session() as db_session:  # waits for the turn within this thread's deadline
            with _guard:
                while _queued and len(group) < MOST_IN_A_GROUP:
                    group.append(_queued.popleft())
                    group[-1].taken = True
            _commit(db_session, group)
    except Exception as error:  # no turn (``own`` alone is refused), or the COMMIT failed: nothing stored
        with _guard:
            if not group:
                _queued.remove(own)
        for queued in group or [own]:
            if not queued.finished:
                queued.finish(error=error)
    finally:
        for queued in group:  # whatever stopped this thread, nobody is left waiting for it
            if not queued.finished:
                queued.finish(error=RuntimeError("the group's writer stopped"))
        with _guard:
            if _queued:
                _queued[0].writes_next = True
                _queued[0].woken.set()
            else:
                _writing = False


def _commit(db_session: Session, group: list[_Queued]) -> None:
    """Run the group's works and commit them. A work that raises, or whose deadline passes before the COMMIT, is
    left out: the transaction is rolled back and the others are run again without it. The left-out are told
    last, once the others are stored (a retry that lost its Idempotency-Key to another of the group then finds
    the first one's lead)."""
    left_out: list[tuple[_Queued, Exception]] = []
    try:
        while group:
            results: list[Any] = []
            refused: tuple[_Queued, Exception] | None = None
            for queued in group:
                try:
                    results.append(queued.context.run(queued.work, db_session))
                except Exception as raised:
                    refused = (queued, raised)
                    break
            if refused is None:
                late = next((queued for queued in group if time.monotonic() >= queued.ends), None)
                if late is None:
                    token = deadline.current.set(min(queued.ends for queued in group))  # within each one's
                    try:
                        with lost_connection.committing_for(queued.context for queued in group):
                            db_session.commit()
                    finally:
                        deadline.current.reset(token)
                    for queued, result in zip(group, results, strict=True):
                        queued.finish(result)
                    return
                refused = (late, _late())
            db_session.rollback()
            left_out.append(refused)
            group = [queued for queued in group if queued is not refused[0]]
    finally:
        for queued, reason in left_out:
            queued.finish(error=reason)


def _late() -> DatabaseTimeout:
    return DatabaseTimeout("the database did not answer in time; nothing was stored")
