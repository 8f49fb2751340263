"""Keeping ``channel_tally`` in step: each write that changes what the channel report counts for a lead adds the
change to the lead's rows (both touches, its quarter hour and its UTC day) in the write's own transaction.

The writers: a lead stored (``leads.service``), its status moved to or from "won" (``transitions``), released from
quarantine (``transitions.release``), its demo booked or marked held (``transitions.demo_booked`` and
``demo_outcome``, with the change the booking computes), erased (``admin.work.erasure``).
A quarantined lead counts nowhere until it is released. The increments are upserts of ``x = x + change``, taken in
key order, so concurrent writers add up and never wait on each other in a circle.

A write's changes wait in its session and go in as one upsert at its commit, before the time left for COMMIT is
judged (``_write_pending``, run by ``db.BoundedSession.commit``; dropped on rollback). Every lead
of a quarter hour adds to the same rows, so on PostgreSQL the writer holding them makes every other lead wait: for
the whole rest of its transaction if they were written at once, which under a burst of leads ran past the lock
limit (DATABASE_STATEMENT_TIMEOUT) and refused leads with 503 (``make bench-load``, 50 clients); for a moment
now."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Dialect, Select, event, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, col

from marketing_site.core import commit_trip, db
from marketing_site.core.clock import as_utc
from marketing_site.core.columns import table_of
from marketing_site.leads.models import Lead, LeadTouch, Touch, WrittenLead
from marketing_site.leads.statuses import LeadStatus
from marketing_site.leads.tallies.models import NOT_KEPT, ChannelTally, Grain

QUARTER = timedelta(minutes=15)
Channel = tuple[str, str, str]  # source, medium, campaign
Key = tuple[str, str, datetime, str, str, str, str]  # grain, touch, starts_at, kind, source, medium, campaign
KEY_COLUMNS = ("grain", "touch", "starts_at", "kind", "source", "medium", "campaign")
# As plain strings: an enum member's ``value`` is a property, and keys_of runs 100,000 times in a recount
TOUCHES, QUARTER_GRAIN, DAY_GRAIN = tuple(str(touch) for touch in Touch), str(Grain.QUARTER), str(Grain.DAY)
NOT_KEPT_CHANNEL = (NOT_KEPT,) * 3
PENDING = "channel_tally_pending"  # the session's changes not written yet (``Session.info``)


@dataclass(frozen=True, slots=True)
class Funnel:
    """What one lead adds to its channel's counts, or a change of it (negative: taken back)."""

    leads: int = 0
    booked: int = 0
    held: int = 0
    won: int = 0

    @property
    def numbers(self) -> tuple[int, int, int, int]:
        """In MEASURES' order (``dataclasses.astuple`` deep-copies: it was most of counting 100,000 leads)."""
        return self.leads, self.booked, self.held, self.won

    def __add__(self, other: Funnel) -> Funnel:
        return Funnel(*(mine + theirs for mine, theirs in zip(self.numbers, other.numbers, strict=True)))

    def __sub__(self, other: Funnel) -> Funnel:
        return Funnel(*(mine - theirs for mine, theirs in zip(self.numbers, other.numbers, strict=True)))


MEASURES = tuple(item.name for item in fields(Funnel))
NO_DEMO = Funnel()


def quarter_of(moment: datetime) -> datetime:
    """The start of the quarter hour ``moment`` (UTC) falls in."""
    moment = as_utc(moment)
    return moment.replace(minute=moment.minute - moment.minute % 15, second=0, microsecond=0)


def keys_of(kind: str, arrived: datetime, channels: Mapping[str, Channel]) -> list[Key]:
    """The four rows a lead counts in: per touch (its channel, or "(not kept)"), its quarter hour and UTC day."""
    quarter = quarter_of(arrived)
    spans = ((QUARTER_GRAIN, quarter), (DAY_GRAIN, quarter.replace(hour=0, minute=0)))
    return [
        (grain, touch, start, kind, *channels.get(touch, NOT_KEPT_CHANNEL))
        for touch in TOUCHES
        for grain, start in spans
    ]


def add(connection: Connection, changes: Iterable[tuple[Key, Funnel]]) -> None:
    """Add each change to its row (made if new), in key order; changes that add nothing are skipped."""
    rows = _rows(changes)
    if rows:
        connection.execute(_upsert(connection.dialect.name), rows)


def _rows(changes: Iterable[tuple[Key, Funnel]]) -> list[dict[str, Any]]:
    return [
        {**dict(zip(KEY_COLUMNS, key, strict=True)), **dict(zip(MEASURES, change.numbers, strict=True))}
        for key, change in sorted(changes, key=lambda item: item[0])
        if any(change.numbers)
    ]


@functools.cache
def _upsert(dialect_name: str) -> Any:
    """The increment, built once per dialect (building it, its ``excluded`` alias above all, cost every lead
    0.24 ms of CPU, of the 3.5-4.5 ms the lead service takes). RETURNING makes it one statement (rows in
    batches) rather than an executemany, which psycopg pipelines: as a transaction's last statement, its COMMIT
    could leave while the server is still busy, outside the deadline's guarantee
    (tests/faults/test_commit_after_deadline.py; mail/queue.py's rows likewise)."""
    return _increment(dialect_name).returning(table_of(ChannelTally).c.grain)


@functools.cache
def _queued_increment(dialect: Dialect) -> str:
    """PostgreSQL's increment as the driver's SQL, for ``commit_trip`` (which bounds its lock wait)."""
    return str(_increment(dialect.name).compile(dialect=dialect))


def _increment(dialect_name: str) -> Any:
    table = table_of(ChannelTally)
    upsert = (postgresql if dialect_name == "postgresql" else sqlite).insert(table)
    return upsert.on_conflict_do_update(
        index_elements=list(KEY_COLUMNS),
        set_={name: table.c[name] + upsert.excluded[name] for name in MEASURES},
    )


def with_touches(*columns: Any) -> Select[Any]:
    """``columns`` of leads, each row followed by one of its touches and the channel: touch, source, medium,
    campaign (None for a lead without touches)."""
    channel = (col(LeadTouch.touch), col(LeadTouch.source), col(LeadTouch.medium), col(LeadTouch.campaign))
    return select(*columns, *channel).select_from(Lead).outerjoin(LeadTouch, col(LeadTouch.lead_id) == col(Lead.id))


def tally(db_session: Session, lead_id: int, change: Funnel) -> None:
    """Add ``change`` to the lead's rows, unless it is quarantined (or gone)."""
    rows = db_session.execute(
        with_touches(col(Lead.kind), col(Lead.created_at), col(Lead.quarantined)).where(col(Lead.id) == lead_id)
    ).all()
    if not rows or rows[0].quarantined:
        return
    channels = {row.touch: (row.source, row.medium, row.campaign) for row in rows if row.touch is not None}
    keys = keys_of(rows[0].kind, rows[0].created_at, channels)
    _later(db_session, [(key, change) for key in keys])


def _later(db_session: Session, changes: Iterable[tuple[Key, Funnel]]) -> None:
    """Keep ``changes`` for the session's COMMIT, each key's added up."""
    pending: dict[Key, Funnel] = db_session.info.setdefault(PENDING, {})
    for key, change in changes:
        pending[key] = pending.get(key, Funnel()) + change


def _write_pending(db_session: Session) -> None:
    """The session's changes, as the last statement before its COMMIT; on PostgreSQL sent with it
    (``core.commit_trip``), so the rows every lead adds to stay locked for the server's time alone."""
    pending = db_session.info.pop(PENDING, None)
    if not pending:
        return
    connection = db_session.connection()
    if connection.dialect.name == "postgresql":
        commit_trip.queue(_queued_increment(connection.dialect), _rows(pending.items()))
    else:
        add(connection, pending.items())


db.last_writes(_write_pending)


@event.listens_for(OrmSession, "after_rollback")
def _drop_pending(db_session: OrmSession) -> None:
    """What a rolled-back transaction counted never happened."""
    db_session.info.pop(PENDING, None)


def arrived(db_session: Session, lead: WrittenLead, channels: Mapping[str, Channel]) -> None:
    """A lead just stored (its INSERT's row, and each touch's channel by Touch value) counts once in its rows,
    unless it is quarantined: what ``tally`` would read back, handed on by the writer."""
    if not lead.quarantined:
        _later(db_session, [(key, Funnel(leads=1)) for key in keys_of(lead.kind, lead.created_at, channels)])


def status_moving(db_session: Session, lead_id: int, status: str) -> None:
    """Before the lead's status is written: a move to or from "won" changes its channel's count of won leads. The
    stored status is read under the row's lock, so two people moving the same lead at once count it once."""
    before = db_session.execute(select(col(Lead.status)).where(col(Lead.id) == lead_id).with_for_update()).scalar()
    won = int(status == LeadStatus.WON) - int(before == LeadStatus.WON)
    if won:
        tally(db_session, lead_id, Funnel(won=won))


def released(db_session: Session, lead_id: int, demo: Funnel) -> None:
    """The lead just left quarantine: it counts from now on, with its status and ``demo`` (its booking's part, which
    the booking's side knows)."""
    status = db_session.execute(select(col(Lead.status)).where(col(Lead.id) == lead_id)).scalar()
    tally(db_session, lead_id, Funnel(leads=1, won=int(status == LeadStatus.WON)) + demo)
