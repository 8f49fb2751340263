"""The channel report: for the demo leads received in a period (days of the reader's zone), per source, medium
and campaign of their first or last touch, how many leads, how many booked a demo, how many of those demos were
held, and how many leads were won. One grouped query over the leads of the period, each joined to its touch and
its demo by primary key (a lead has at most one of each), so it stays one pass at 100,000 leads.

Leads from before the browser kept touches (or from an API client that sent none) fall under "(not kept)".
"""

from __future__ import annotations

import csv
import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import date, timedelta
from typing import IO, Any

from sqlalchemy import and_, case, func, select
from sqlmodel import Session, col

from marketing_site.admin.export import cell
from marketing_site.admin.inbox_query import BadFilter, Viewer, day_within_range
from marketing_site.admin.roles import kinds_seen
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


def channel_rows(db_session: Session, chosen: ChannelFilter, viewer: Viewer) -> tuple[list[ChannelRow], ChannelRow]:
    """Each channel's row, most leads first, and the period's total."""
    grouped = [func.coalesce(getattr(LeadTouch, name), NOT_KEPT) for name in chosen.grouping.columns]
    rows = db_session.execute(
        select(
            *grouped,
            func.count(),
            func.count(col(DemoBooking.id)),
            func.coalesce(func.sum(case((col(DemoBooking.status) == BookingStatus.HELD.value, 1), else_=0)), 0),
            func.coalesce(func.sum(case((col(Lead.status) == LeadStatus.WON.value, 1), else_=0)), 0),
        )
        .select_from(Lead)
        .outerjoin(LeadTouch, and_(col(LeadTouch.lead_id) == col(Lead.id), col(LeadTouch.touch) == chosen.touch))
        .outerjoin(DemoBooking, col(DemoBooking.lead_id) == col(Lead.id))
        .where(*_period(chosen, viewer))
        .group_by(*grouped)
        .order_by(func.count().desc(), *grouped)
    ).all()
    found = [ChannelRow(tuple(row[: len(grouped)]), *(int(value) for value in row[len(grouped) :])) for row in rows]
    total = ChannelRow(
        ("All channels",),
        *(sum(getattr(row, name) for row in found) for name in ("leads", "booked", "held", "won")),
    )
    return found, total


def _period(chosen: ChannelFilter, viewer: Viewer) -> list[Any]:
    """The demo leads in the inbox (sales' kinds, none quarantined) received within the period's days."""
    clock = viewer.clock
    return [
        col(Lead.quarantined).is_(False),
        col(Lead.kind).in_([kind for kind in kinds_seen(Role.SALES) if kind in kinds_seen(viewer.role)]),
        col(Lead.created_at) >= clock.day_start(chosen.first_day),
        col(Lead.created_at) < clock.day_start(chosen.last_day + timedelta(days=1)),
    ]


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
