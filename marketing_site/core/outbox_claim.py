"""The claim both outboxes use (``mail.outbox``, ``webhooks.outbox``): one
``UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`` statement. On PostgreSQL concurrent
senders skip each other's rows; SQLite runs one writer at a time (the lock clause is dropped there) and the
single statement is atomic. The claim moves ``next_attempt_at`` a lease ahead and counts the attempt, so a
sender that dies mid-send hands its rows back when the lease runs out. A pass's outcomes are recorded with one
``UPDATE`` per distinct outcome (a pass that went well: one statement).

An outbox table has ``id``, ``status``, ``next_attempt_at`` and ``attempts`` columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, Update, select, update
from sqlmodel import Session, col


def due(table: Any, queued: str, now: datetime) -> Select[Any]:
    """The ids of ``table``'s rows waiting (``queued``) whose time has come; a caller narrows and orders it."""
    return select(col(table.id)).where(col(table.status) == queued, col(table.next_attempt_at) <= now)


def claim(table: Any, waiting: Select[Any], now: datetime, lease: timedelta, limit: int, *returning: Any) -> Update:
    """Take up to ``limit`` of the ``waiting`` rows (``due``'s, narrowed) for ``lease``: returns ``returning``."""
    locked = waiting.limit(limit).with_for_update(skip_locked=True, of=table)
    return (
        update(table)
        .where(col(table.id).in_(locked.scalar_subquery()))
        .values(next_attempt_at=now + lease, attempts=col(table.attempts) + 1)
        .returning(*returning)
    )


def record(db_session: Session, table: Any, queued: str, outcomes: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Write each claimed row's outcome (its id, the values to set) unless it is no longer ``queued`` (staff
    withdrew it meanwhile). Rows given equal values share one statement: on SQLite the sender holds the
    database's one writer turn for this, and a statement built per row kept the lead requests waiting."""
    ids_by_values: dict[tuple[tuple[str, Any], ...], list[int]] = {}
    for row_id, values in outcomes:
        ids_by_values.setdefault(tuple(sorted(values.items())), []).append(row_id)
    for outcome, ids in ids_by_values.items():
        db_session.execute(
            update(table).where(col(table.id).in_(ids), col(table.status) == queued).values(dict(outcome))
        )
