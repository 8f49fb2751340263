"""The ``channel_tally`` table: the channel report's counts, kept in the transaction of each write that moves them.

Each lead out of quarantine counts once per touch (first, last) in two rows: the quarter hour it arrived in and
its UTC day. A reader's period is then whole UTC days plus, at each end, the quarters of the days it only partly
covers: every time zone in use is a whole number of quarter hours from UTC (Kolkata +5:30, Kathmandu +5:45), so
any zone's midnight is a quarter's start and the counts are exact from the tallies alone."""

from __future__ import annotations

import enum
from datetime import datetime

from sqlmodel import Field, SQLModel

from marketing_site.core.columns import timestamp

NOT_KEPT = "(not kept)"  # the channel of a lead without that touch (stored before the browser kept touches)


class Grain(enum.StrEnum):
    """How long a tally row's span is, from ``starts_at``."""

    QUARTER = "quarter"  # 15 minutes
    DAY = "day"  # a UTC day


class ChannelTally(SQLModel, table=True):
    """One span's counts for one kind, touch and channel; the key is read in the report's order (grain, touch,
    start), so a period is one range of the primary key."""

    __tablename__ = "channel_tally"

    grain: str = Field(max_length=7, primary_key=True)  # a Grain value
    touch: str = Field(max_length=5, primary_key=True)  # a Touch value
    starts_at: datetime = timestamp(primary_key=True)
    kind: str = Field(max_length=20, primary_key=True)  # the leads' kind
    source: str = Field(max_length=200, primary_key=True)
    medium: str = Field(max_length=200, primary_key=True)
    campaign: str = Field(max_length=200, primary_key=True)
    leads: int = Field(default=0)
    booked: int = Field(default=0)  # leads with a demo booking (of any status, as the report counts)
    held: int = Field(default=0)  # leads whose demo was held
    won: int = Field(default=0)
