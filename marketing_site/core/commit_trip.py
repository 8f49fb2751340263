"""PostgreSQL: a transaction's last statements leave with its COMMIT, in one pipeline (one trip to the server).

Every lead of a quarter hour adds to the same channel tally rows (``leads.tallies.counting``), so whoever holds
their lock makes every other lead of every worker wait. Sent as a statement of its own, the increment held the
lock from its answer until the worker thread, one of dozens sharing the interpreter, got to send COMMIT: under
50 clients a whole lead's time each, with 19 transactions queued behind it on average (``pg_stat_activity``
sampled under ``make bench-load``). In a pipeline, the increment still reached the server ahead of the COMMIT,
and the server held the rows while it read the rest from a thread waiting for the interpreter (``ClientRead``
with the lock, sampled under the topology's failover test, where such a wait refused leads of both backends at
the statement limit). So they go as one message, the values bound by the client: the server runs it to the
COMMIT without waiting on the worker, and the lock lasts the server's own work.

The queued statements may wait for their locks no longer than the idle-in-transaction limit (``SET LOCAL``
first, in the same trip), so a COMMIT sent within ``db.BoundedSession``'s margin still lands before the
deadline or not at all, as a COMMIT sent alone does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import psycopg

_QUEUED: ContextVar[list[tuple[str, Sequence[Mapping[str, Any]]]] | None] = ContextVar("commit_trip", default=None)
_BOUNDED_WAITS = "SELECT set_config('lock_timeout', %(ms)s, true), set_config('statement_timeout', %(ms)s, true)"


@contextmanager
def gathering() -> Iterator[None]:
    """Around a PostgreSQL session's commit: statements ``queue`` is given go out with this thread's COMMIT. A
    commit that left without them (an engine whose dialect does not send them) is an error, not a lost write."""
    queued: list[tuple[str, Sequence[Mapping[str, Any]]]] = []
    token = _QUEUED.set(queued)
    try:
        yield
    finally:
        _QUEUED.reset(token)
    if queued:
        raise RuntimeError("statements queued for a COMMIT that did not send them (core.commit_trip)")


def queue(sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Send ``sql`` (psycopg's placeholders) once per row with the COMMIT being gathered (``gathering``)."""
    queued = _QUEUED.get()
    if queued is None:
        raise RuntimeError("no COMMIT gathers statements here (core.commit_trip.gathering)")
    if rows:
        queued.append((sql, rows))


def commit_with_queued(connection: Any, wait_seconds: float) -> None:
    """The dialect's ``do_commit`` for psycopg's ``connection`` (SQLAlchemy's proxy): the queued statements, then
    COMMIT, sent together; an error of any of them is the COMMIT's, and nothing is stored."""
    queued = _QUEUED.get()
    if not queued:
        connection.commit()
        return
    psycopg_connection = connection.dbapi_connection
    with psycopg.ClientCursor(psycopg_connection) as cursor:
        statements = [cursor.mogrify(_BOUNDED_WAITS, {"ms": str(round(wait_seconds * 1000))})]
        statements += [cursor.mogrify(sql, row) for sql, rows in queued for row in rows]
        queued.clear()
        cursor.execute("; ".join([*statements, "COMMIT"]))  # no parameters: the simple protocol, one message
