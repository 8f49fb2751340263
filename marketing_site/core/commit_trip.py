"""PostgreSQL: a transaction's last statements, and the rows it only writes, leave with its COMMIT in one message.

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

The rows a transaction adds and does not read back (a lead's mails, audit entry, timers, touches, webhook
deliveries) join that message too (``insert``), instead of taking a trip each: on PostgreSQL each statement is
one, where the worker thread sends it, waits on the socket, then waits for the interpreter with every other
thread of the worker, the transaction open meanwhile (nearly all open lead transactions were idle so under
``make bench-load``), and SQLAlchemy's work per statement cost more than the row's own. Should the transaction
run another statement first (a read, a savepoint's, an ORM flush), the held rows go just ahead of it, all in one
trip, so it sees them as if they had been inserted at once, and rolling back to a savepoint drops the rows held
since. A rollback drops them, and a connection going back to the pool keeps none. Only a session that hands its
rows over at its commit (``db.BoundedSession``) on the app's PostgreSQL engine holds them; any other session, and
SQLite, which has no trips to save, inserts them at once.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

import psycopg
from sqlalchemy import Connection, Engine, Table, bindparam, event
from sqlalchemy import insert as sa_insert
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session

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
        statements = [cursor.mogrify(_BOUNDED_WAITS, {"ms": str(round(wait_seconds * 1000))}), *_bound(cursor, queued)]
        queued.clear()
        cursor.execute("; ".join([*statements, "COMMIT"]))  # no parameters: the simple protocol, one message


def _bound(cursor: psycopg.ClientCursor[Any], queued: Sequence[tuple[str, Sequence[Mapping[str, Any]]]]) -> list[str]:
    """Each statement once per row, its values bound by the client (sent as one string, no parameters)."""
    return [cursor.mogrify(sql, row) for sql, rows in queued for row in rows]


PENDING = "commit_trip_rows"  # the connection's held rows: [(driver SQL, rows)]
_holding: weakref.WeakSet[Engine] = weakref.WeakSet()


def hold_on(engine: Engine) -> None:
    """Let ``engine``'s bounded sessions hold rows (``core.db`` for the app's PostgreSQL engine, whose COMMIT
    is ``commit_with_queued``)."""
    event.listen(engine, "before_execute", _send)
    event.listen(engine, "commit", _none_left)
    event.listen(engine, "rollback", _drop)
    event.listen(engine.pool, "checkin", lambda _connection, record: record.info.pop(PENDING, None))
    _holding.add(engine)


def insert(db_session: Session, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert ``rows`` (each with the same columns) into ``table`` in the session's transaction."""
    if not rows:
        return
    connection = db_session.connection()
    if not getattr(db_session, "hands_over_rows", False) or connection.engine not in _holding:
        if len(rows) == 1:
            db_session.execute(sa_insert(table), rows[0])
        else:  # RETURNING: one statement, not an executemany, which psycopg pipelines (a COMMIT sent right after
            #     could leave while the server is still busy, outside the deadline's guarantee: db.BoundedSession)
            db_session.execute(sa_insert(table).returning(*table.primary_key.columns), list(rows))
        return
    defaults = _python_defaults(table, tuple(rows[0]))
    if defaults:  # as SQLAlchemy fills them in for a statement it executes
        rows = [
            {**row, **{name: default.arg(None) if default.is_callable else default.arg for name, default in defaults}}
            for row in rows
        ]
    held = connection.info.setdefault(PENDING, [])
    held.append((_driver_sql(table, tuple(rows[0]), connection.dialect), rows))
    db_session.info[PENDING] = True


def hand_over(db_session: Session) -> None:
    """At a bounded session's COMMIT: its held rows go with it (``queue``)."""
    if not db_session.info.pop(PENDING, False):
        return
    for sql, rows in _taken(db_session.connection()) or ():
        queue(sql, rows)


@event.listens_for(OrmSession, "after_rollback")
def _forget(db_session: OrmSession) -> None:
    db_session.info.pop(PENDING, None)


@functools.cache
def _python_defaults(table: Table, given: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """The columns ``given`` leaves out whose default SQLAlchemy computes in Python (a value, a function)."""
    found = []
    for column in table.columns:
        default = column.default
        if column.name in given or default is None:
            continue
        if not (default.is_scalar or default.is_callable):
            raise TypeError(f"{table.name}.{column.name}: its default cannot be computed for a held row")
        found.append((column.name, default))
    return tuple(found)


@functools.cache
def _driver_sql(table: Table, columns: tuple[str, ...], dialect: Dialect) -> str:
    """``table``'s INSERT of ``columns`` in psycopg's placeholders, built once. The values are sent as they are
    given, so a column whose type converts them on the way (JSON, say) cannot be held."""
    converting = [name for name in columns if table.c[name].type.bind_processor(dialect) is not None]
    if converting:
        raise TypeError(f"{table.name}: {converting} convert their values and cannot be held")
    statement = sa_insert(table).values({name: bindparam(name) for name in columns}).inline()  # no RETURNING
    return str(statement.compile(dialect=dialect))


def _taken(connection: Connection) -> list[tuple[str, Sequence[Mapping[str, Any]]]] | None:
    """The connection's held rows, no longer held; none on a connection already lost (its transaction with it,
    and the pool forgets what it held)."""
    if connection.invalidated or connection.closed:
        return None
    held: list[tuple[str, Sequence[Mapping[str, Any]]]] | None = connection.info.pop(PENDING, None)
    return held


def _send(connection: Connection, *_: Any) -> None:
    """Before the transaction's next statement: the held rows, in one trip of their own."""
    held = _taken(connection)
    if not held:
        return
    dbapi_connection = cast(psycopg.Connection[Any], connection.connection.dbapi_connection)
    with psycopg.ClientCursor(dbapi_connection) as cursor:
        sql = "; ".join(_bound(cursor, held))
    connection.exec_driver_sql(sql, execution_options={"no_parameters": True})  # SQLAlchemy's errors, as any


def _none_left(connection: Connection) -> None:
    """A COMMIT whose session did not hand its rows over (not a bounded one) would lose them: refused."""
    if _taken(connection):
        raise RuntimeError("rows held for a COMMIT that did not send them (core.commit_trip)")


def _drop(connection: Connection) -> None:
    _taken(connection)
