"""The channel tallies counted from the leads themselves, with their demos (``leads.tallies`` keeps them on each
write): to fill them for the leads already stored (the migration, ``make bench-inbox``'s seeded leads), and to take
erased leads back out before their rows go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, delete, select, text
from sqlmodel import Session, col

from marketing_site.booking.models import DemoBooking, demo_counted
from marketing_site.leads.models import Lead
from marketing_site.leads.statuses import LeadStatus
from marketing_site.leads.tallies.counting import Channel, Funnel, Key, add, keys_of, with_touches
from marketing_site.leads.tallies.models import ChannelTally

BATCH = 5000  # leads read at a time (and ids in one IN list)


def counted(connection: Connection, *where: Any) -> dict[Key, Funnel]:
    """What the leads matching ``where`` (out of quarantine) add to each tally row: each lead once per touch."""
    rows = connection.execute(
        with_touches(col(Lead.id), col(Lead.kind), col(Lead.created_at), col(Lead.status), col(DemoBooking.status))
        .outerjoin(DemoBooking, col(DemoBooking.lead_id) == col(Lead.id))
        .where(col(Lead.quarantined).is_(False), *where)
    ).all()
    leads: dict[int | None, tuple[str, Any, Funnel]] = {}
    channels: dict[int | None, dict[str, Channel]] = {}
    for lead_id, kind, arrived, status, demo, touch, *channel in rows:
        leads[lead_id] = (kind, arrived, Funnel(leads=1, won=int(status == LeadStatus.WON)) + demo_counted(demo))
        if touch is not None:
            channels.setdefault(lead_id, {})[touch] = (channel[0], channel[1], channel[2])
    found: dict[Key, list[int]] = {}  # summed as plain numbers: 400,000 additions for 100,000 leads
    for lead_id, (kind, arrived, funnel) in leads.items():
        for key in keys_of(kind, arrived, channels.get(lead_id, {})):
            sums = found.setdefault(key, [0, 0, 0, 0])
            for index, number in enumerate(funnel.numbers):
                sums[index] += number
    return {key: Funnel(*sums) for key, sums in found.items()}


def rebuild(connection: Connection, *, hold_writes: bool) -> None:
    """Every tally counted again from the stored leads, BATCH leads at a time, in the caller's transaction.
    ``hold_writes`` (PostgreSQL), while writers that keep the tallies run: the lead table is held in SHARE mode
    meanwhile (reads go on, a lead's write waits for the commit, up to its statement timeout), so no lead is counted
    both here and by its own increment."""
    if hold_writes and connection.dialect.name == "postgresql":
        connection.execute(text("LOCK TABLE lead IN SHARE MODE"))
    connection.execute(delete(ChannelTally))
    last: int | None = 0
    while (
        ids := connection.execute(select(col(Lead.id)).where(col(Lead.id) > last).order_by(col(Lead.id)).limit(BATCH))
        .scalars()
        .all()
    ):
        add(connection, counted(connection, col(Lead.id).in_(ids)).items())
        last = ids[-1]


def withdraw(db_session: Session, *where: Any) -> Sequence[int]:
    """Lock the leads matching ``where`` and take them out of the tallies (the caller deletes them next, in the
    same transaction); their ids."""
    ids = db_session.execute(select(col(Lead.id)).where(*where).with_for_update()).scalars().all()
    connection = db_session.connection()
    for start in range(0, len(ids), BATCH):
        taken = counted(connection, col(Lead.id).in_(ids[start : start + BATCH]))
        add(connection, ((key, Funnel() - funnel) for key, funnel in taken.items()))
    return ids
