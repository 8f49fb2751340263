"""The channel report: for the demo leads received in a period (days of the reader's zone), per source, medium
and campaign of their first or last touch, how many leads, how many booked a demo, how many of those demos were
held, and how many leads were won (out of quarantine). Summed from the tallies the writes keep (``leads.tallies``),
so a year costs the same at 100,000 leads as at 1,000 (``channel_rows``).

Leads from before the browser kept touches (or from an API client that sent none) fall under "(not kept)".
"""

from __future__ import annotations

import csv
import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import date, datetime, timedelta
from typing import IO

from sqlalchemy import func, select
from sqlmodel import Session, col

from marketing_site.admin.roles import kinds_seen
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work.export import cell
from marketing_site.admin.work.inbox_query import BadFilter, day_within_range
from marketing_site.leads.models import Touch
from marketing_site.leads.tallies.counting import MEASURES, quarter_of
from marketing_site.leads.tallies.models import ChannelTally, Grain
from marketing_site.staff.models import Role

DEFAULT_DAYS = 30


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
DAY = timedelta(days=1)


def spans(start: datetime, end: datetime) -> list[tuple[Grain, datetime, datetime]]:
    """The period [start, end) as the tallies hold it: the whole UTC days in it, and the quarter hours of the part
    days at either end (a reader's day in Karachi starts at 19:00 UTC, in Kolkata at 18:30)."""
    first_day = quarter_of(start).replace(hour=0, minute=0)
    first_day += DAY if first_day < start else timedelta(0)
    last_day = quarter_of(end).replace(hour=0, minute=0)
    if first_day >= last_day:
        return [(Grain.QUARTER, start, end)]
    found = [(Grain.QUARTER, start, first_day), (Grain.DAY, first_day, last_day), (Grain.QUARTER, last_day, end)]
    return [(grain, since, until) for grain, since, until in found if since < until]


def _tallied(db_session: Session, chosen: ChannelFilter, start: datetime, end: datetime, kinds: list[str]) -> Counts:
    """Each channel's counts summed from the tallies of the period's spans: a year is some 365 rows per channel
    and kind, whatever the number of leads."""
    names = [col(getattr(ChannelTally, name)) for name in chosen.grouping.columns]
    sums = [func.sum(col(getattr(ChannelTally, name))) for name in MEASURES]
    found: dict[tuple[str, ...], list[int]] = {}
    for grain, since, until in spans(start, end):
        rows = db_session.execute(
            select(*names, *sums)
            .where(
                col(ChannelTally.grain) == grain.value,
                col(ChannelTally.touch) == chosen.touch,
                col(ChannelTally.starts_at) >= since,
                col(ChannelTally.starts_at) < until,
                col(ChannelTally.kind).in_(kinds),
            )
            .group_by(*names)
        )
        for row in rows:
            counts = found.setdefault(tuple(row[: len(names)]), [0] * len(MEASURES))
            for index, value in enumerate(row[len(names) :]):
                counts[index] += int(value or 0)
    return {key: (counts[0], counts[1], counts[2], counts[3]) for key, counts in found.items()}


def channel_rows(db_session: Session, chosen: ChannelFilter, viewer: Viewer) -> tuple[list[ChannelRow], ChannelRow]:
    """Each channel's row, most leads first, and the period's total, for the period's days in the reader's zone."""
    clock = viewer.clock
    kinds = [kind for kind in kinds_seen(Role.SALES) if kind in kinds_seen(viewer.role)]
    counts = _tallied(
        db_session, chosen, clock.day_start(chosen.first_day), clock.day_start(chosen.last_day + DAY), kinds
    )
    found = [ChannelRow(key, *numbers) for key, numbers in counts.items()]
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
