"""The channel report: for the demo leads received in a period (days of the reader's zone), per source, medium
and campaign of their first or last touch, how many leads, how many booked a demo, how many of those demos were
held, and how many leads were won. Counted from the touches' own index and the few leads with a demo, a win or in
quarantine, so a year of 100,000 leads takes no lookup per lead (``channel_rows``).

Leads from before the browser kept touches (or from an API client that sent none) fall under "(not kept)".
"""

from __future__ import annotations

import csv
import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import date, datetime, timedelta
from typing import IO, Any

from sqlalchemy import and_, case, func, join, literal_column, select
from sqlalchemy.sql import operators
from sqlalchemy.sql.elements import UnaryExpression
from sqlmodel import Session, col

from marketing_site.admin.roles import kinds_seen
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work.export import cell
from marketing_site.admin.work.inbox_query import BadFilter, day_within_range
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.leads.models import Lead, LeadTouch, Touch
from marketing_site.leads.statuses import LeadStatus
from marketing_site.staff.models import Role

DEFAULT_DAYS = 30
NOT_KEPT = "(not kept)"


class Grouping(enum.StrEnum):
    """How finely the rows split: by source, by source and medium, or down to the campaign."""

    SOURCE = "source"
    MEDIUM = "medium"
    CAMPAIGN = "campaign"

    @property
    def label(self) -> str:
        return {"source": "Source", "medium": "Source and medium", "campaign": "Source, medium and campaign"}[self]

    @property
    def columns(self) -> tuple[str, ...]:
        return ("source", "medium", "campaign")[: tuple(Grouping).index(self) + 1]


@dataclass(frozen=True)
class ChannelFilter:
    """The period (ISO days of the reader's zone, both included), the touch, how finely to group."""

    since: str
    until: str
    touch: str = Touch.FIRST.value
    by: str = Grouping.CAMPAIGN.value

    @classmethod
    def from_query(cls, query: Mapping[str, str], today: date) -> ChannelFilter:
        """What was asked for, the last 30 days by default; BadFilter (a 400) for a day no lead can have."""
        since = query.get("since", "").strip() or (today - timedelta(days=DEFAULT_DAYS - 1)).isoformat()
        until = query.get("until", "").strip() or today.isoformat()
        for name, value in (("since", since), ("until", until)):
            if day_within_range(value) is None:
                raise BadFilter(f"{name}: a date as YYYY-MM-DD")
        touch = query.get("touch", "") if query.get("touch", "") in set(Touch) else Touch.FIRST.value
        by = query.get("by", "") if query.get("by", "") in set(Grouping) else Grouping.CAMPAIGN.value
        if since > until:
            since, until = until, since
        return cls(since, until, touch, by)

    @property
    def first_day(self) -> date:
        return date.fromisoformat(self.since)

    @property
    def last_day(self) -> date:
        return date.fromisoformat(self.until)

    @property
    def grouping(self) -> Grouping:
        return Grouping(self.by)

    def query_string(self, **changes: str) -> dict[str, str]:
        changed = replace(self, **changes)
        return {item.name: str(getattr(changed, item.name)) for item in fields(self)}


@dataclass(frozen=True)
class ChannelRow:
    """One channel's funnel (``channel`` holds as many names as the grouping asks for)."""

    channel: tuple[str, ...]
    leads: int
    booked: int
    held: int
    won: int

    @staticmethod
    def share(part: int, whole: int) -> str:
        return f"{round(100 * part / whole)} %" if whole else "–"


Counts = dict[tuple[str, ...], tuple[int, int, int, int]]  # per channel: leads, booked, held, won


@dataclass(frozen=True)
class _Query:
    """The report's pieces in SQL: the period's demo leads, their touch (if kept) and its channel."""

    chosen: ChannelFilter
    start: datetime
    end: datetime
    kinds: list[str]

    @property
    def names(self) -> list[Any]:
        return [col(getattr(LeadTouch, name)) for name in self.chosen.grouping.columns]

    @property
    def channel(self) -> list[Any]:
        # The constant written into the SQL, not bound: PostgreSQL matches SELECT and GROUP BY by their text
        return [func.coalesce(name, literal_column(f"'{NOT_KEPT}'")) for name in self.names]

    @property
    def in_inbox(self) -> list[Any]:
        return [*self.received, col(Lead.quarantined).is_(False)]

    @property
    def received(self) -> list[Any]:
        return [col(Lead.kind).in_(self.kinds), col(Lead.created_at) >= self.start, col(Lead.created_at) < self.end]

    @property
    def in_inbox_by_row(self) -> list[Any]:
        """``in_inbox`` checked on each row reached, not through an index (SQLite's unary plus): SQLite then walks
        the demos and looks each lead up, rather than every lead of the period to find the few with a demo."""
        kind, received, quarantined = (
            _by_row(col(column)) for column in (Lead.kind, Lead.created_at, Lead.quarantined)
        )
        return [kind.in_(self.kinds), received >= self.start, received < self.end, quarantined.is_(False)]

    @property
    def its_touch(self) -> Any:
        return and_(col(LeadTouch.lead_id) == col(Lead.id), col(LeadTouch.touch) == self.chosen.touch)


def _by_row(column: Any) -> Any:
    return UnaryExpression(column, operator=operators.custom_op("+"), type_=column.type)


_HELD = func.sum(case((col(DemoBooking.status) == BookingStatus.HELD.value, 1), else_=0))
_WON = func.sum(case((col(Lead.status) == LeadStatus.WON.value, 1), else_=0))


def _one_pass(db_session: Session, query: _Query) -> Counts:
    """PostgreSQL: one grouped join of the period's leads to their touch and demo (it hash-joins them), each side
    read from a covering index (``ix_lead_channel_days``, ``ix_lead_touch_lead``), not from the wide lead rows."""
    rows = db_session.execute(
        select(*query.channel, func.count(), func.count(col(DemoBooking.id)), _HELD, _WON)
        .select_from(Lead)
        .outerjoin(LeadTouch, query.its_touch)
        .outerjoin(DemoBooking, col(DemoBooking.lead_id) == col(Lead.id))
        .where(*query.in_inbox)
        .group_by(*query.channel)
    )
    width = len(query.channel)
    return {tuple(row[:width]): (row[width], row[width + 1], row[width + 2] or 0, row[width + 3] or 0) for row in rows}


def _from_indexes(db_session: Session, query: _Query) -> Counts:
    """SQLite, which has no hash join and would look up every lead's touch and demo one by one: the period's
    leads per channel from the touches' own index (``ix_lead_touch_report``: touch, channel, arrival, kind, read in
    the channels' order with arrival and kind checked on each entry, so 80,000 entries are counted, not sorted),
    then only the leads that need their state (quarantined, won: ``ix_lead_channel_days``; with a demo) joined to
    their touch (``ix_lead_touch_lead``); the leads without that touch are the rest of the period's total."""

    def per_channel(*columns: Any, joined: Any, where: list[Any]) -> dict[tuple[str, ...], tuple[int, ...]]:
        rows = db_session.execute(
            select(*query.channel, *columns)
            .select_from(joined)
            .outerjoin(LeadTouch, query.its_touch)
            .where(*where)
            .group_by(*query.channel)
        )
        width = len(query.channel)
        return {tuple(row[:width]): tuple(int(value or 0) for value in row[width:]) for row in rows}

    arrived, kind = _by_row(col(LeadTouch.lead_created_at)), _by_row(col(LeadTouch.kind))
    touched = db_session.execute(
        select(*query.names, func.count())
        .where(
            col(LeadTouch.touch) == query.chosen.touch,
            arrived >= query.start,
            arrived < query.end,
            kind.in_(query.kinds),
        )
        .group_by(*query.names)
    )
    leads = {tuple(row[: len(query.names)]): int(row[-1]) for row in touched}
    quarantined = per_channel(func.count(), joined=Lead, where=[*query.received, col(Lead.quarantined).is_(True)])
    won_state = _by_row(col(Lead.status)) == LeadStatus.WON.value  # read off ix_lead_channel_days, not each row
    won = per_channel(func.count(), joined=Lead, where=[*query.in_inbox, won_state])
    demos = per_channel(
        func.count(),
        _HELD,
        joined=join(DemoBooking, Lead, col(Lead.id) == col(DemoBooking.lead_id)),
        where=query.in_inbox_by_row,
    )
    total = db_session.execute(select(func.count()).select_from(Lead).where(*query.in_inbox)).scalar_one()
    for key, (number,) in quarantined.items():
        leads[key] = leads.get(key, 0) - number
    not_kept = (NOT_KEPT,) * len(query.names)
    leads[not_kept] = total - sum(number for key, number in leads.items() if key != not_kept)
    return {
        key: (leads.get(key, 0), *demos.get(key, (0, 0)), won.get(key, (0,))[0])  # type: ignore[misc]
        for key in {*leads, *demos, *won}
    }


def channel_rows(db_session: Session, chosen: ChannelFilter, viewer: Viewer) -> tuple[list[ChannelRow], ChannelRow]:
    """Each channel's row, most leads first, and the period's total: counted the way each database does fastest
    at 100,000 leads (``make bench-inbox``); the tests run both ways, one per database."""
    clock = viewer.clock
    query = _Query(
        chosen,
        clock.day_start(chosen.first_day),
        clock.day_start(chosen.last_day + timedelta(days=1)),
        [kind for kind in kinds_seen(Role.SALES) if kind in kinds_seen(viewer.role)],
    )
    counting = _one_pass if db_session.get_bind().dialect.name == "postgresql" else _from_indexes
    found = [
        ChannelRow(key, *(int(value) for value in numbers)) for key, numbers in counting(db_session, query).items()
    ]
    found = sorted(
        (row for row in found if row.leads or row.booked or row.won), key=lambda row: (-row.leads, row.channel)
    )
    return found, ChannelRow(
        ("All channels",), *(sum(getattr(row, name) for row in found) for name in ("leads", "booked", "held", "won"))
    )


COUNTS = ("Leads", "Demos booked", "Demos held", "Won")


def write_csv(rows: list[ChannelRow], total: ChannelRow, chosen: ChannelFilter, out: IO[str]) -> None:
    """The report as a spreadsheet reads it: UTF-8 with a BOM, one row per channel, the total last. A channel's
    names came from visitors' addresses, so each is a ``cell`` (no live formula)."""
    writer = csv.writer(out, lineterminator="\r\n")
    out.write("\ufeff")
    names = [name.capitalize() for name in chosen.grouping.columns]
    writer.writerow([*names, *COUNTS])
    for row in [*rows, total]:
        channel = [cell(name) for name in row.channel] + [""] * (len(names) - len(row.channel))
        writer.writerow([*channel, row.leads, row.booked, row.held, row.won])
