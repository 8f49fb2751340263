"""The booking tables: company-wide rules, each host's week and days off, and the booked demos.

Times of day and weekdays are the host's own (``DemoHost.time_zone``); instants are stored in UTC.
A booking is one row for its whole life: a reschedule moves it (its iCalendar UID stays, ``sequence``
goes up), a cancellation marks it. Only live bookings hold a slot: the partial unique index on
(host, start) is the database's own refusal of a second booking of the same time.
"""

from __future__ import annotations

import enum
from datetime import date, datetime

from sqlalchemy import Date, DateTime, Index, UniqueConstraint, text
from sqlalchemy import true as sa_true
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now
from marketing_site.leads.tallies.counting import Funnel


class BookingStatus(enum.StrEnum):
    BOOKED = "booked"  # live: holds its slot
    CANCELLED = "cancelled"
    HELD = "held"  # over, and its host marked it held (booking.outcomes)
    NO_SHOW = "no_show"  # over, and the visitor did not come: they may book again

    @property
    def label(self) -> str:
        """As staff read it (the lead's page, the CSV): "Booked", never the code."""
        return self.value.replace("_", " ").capitalize()


def demo_counted(status: str | None) -> Funnel:
    """What a lead's booking (its status; None: no booking) adds to the channel report: booked, and held."""
    return Funnel(booked=int(status is not None), held=int(status == BookingStatus.HELD))


class BookingChange(enum.StrEnum):
    """What happened to a booking, as its mails and the visitor's page tell it."""

    BOOKED = "booked"
    MOVED = "moved"
    CANCELLED = "cancelled"
    HELD = "held"
    NO_SHOW = "no_show"


LIVE = f"status = '{BookingStatus.BOOKED}'"  # the rows that hold their slot


class BookingSettings(SQLModel, table=True):
    """The one row (id 1) of company-wide rules staff set in /admin; the defaults apply until then."""

    __tablename__ = "booking_settings"

    id: int = Field(default=1, primary_key=True)
    demo_minutes: int = Field(default=30)
    buffer_minutes: int = Field(default=15)  # kept free after each demo
    min_notice_minutes: int = Field(default=240)  # the earliest bookable start is this far from now
    horizon_days: int = Field(default=30)  # how far ahead visitors may book
    daily_limit: int = Field(default=6)  # demos per host per (host's local) day


class DemoHost(SQLModel, table=True):
    """A salesperson who gives demos: their name as visitors see it, time zone, country (holidays, weekend),
    and how visitors join their demos."""

    __tablename__ = "demo_host"

    staff_user_id: int = Field(foreign_key="staff_user.id", primary_key=True, ondelete="CASCADE")
    display_name: str = Field(max_length=100)
    time_zone: str = Field(default="Asia/Muscat", max_length=64)  # IANA name
    country: str = Field(default="OM", max_length=2)  # ISO 3166 code for the holidays package: OM, PK, …
    active: bool = Field(default=True, sa_column_kwargs={"server_default": sa_true()})
    # A video-call address (https://…) or a phone number visitors call; "" until the host sets one.
    meeting_link: str = Field(default="", max_length=300, sa_column_kwargs={"server_default": ""})


class WorkingHours(SQLModel, table=True):
    """One stretch of a host's working week, in their own time zone (several per day are allowed)."""

    __tablename__ = "demo_working_hours"
    __table_args__ = (Index("ix_demo_working_hours_host_id", "host_id"),)

    id: int | None = Field(default=None, primary_key=True)
    host_id: int = Field(foreign_key="demo_host.staff_user_id", ondelete="CASCADE")
    weekday: int  # 0 Monday … 6 Sunday
    start_minute: int  # minutes after local midnight, e.g. 540 = 09:00
    end_minute: int  # exclusive, at most 1440


class DayOff(SQLModel, table=True):
    """A date (host's calendar) on which the host gives no demos."""

    __tablename__ = "demo_day_off"
    __table_args__ = (UniqueConstraint("host_id", "day", name="uq_demo_day_off_host_day"),)

    id: int | None = Field(default=None, primary_key=True)
    host_id: int = Field(foreign_key="demo_host.staff_user_id", ondelete="CASCADE")
    day: date = Field(sa_type=Date)


class DemoBooking(SQLModel, table=True):
    """A demo booked by a lead with a host; one per lead."""

    __tablename__ = "demo_booking"
    __table_args__ = (
        Index(
            "uq_demo_booking_live_host_start",
            "host_id",
            "starts_at",
            unique=True,
            sqlite_where=text(LIVE),
            postgresql_where=text(LIVE),
        ),
        Index("ix_demo_booking_host_starts_at", "host_id", "starts_at"),  # slots and the staff's agenda
        Index("ix_demo_booking_status_starts_at", "status", "starts_at"),  # upcoming demos of everyone
    )

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=100, unique=True)  # iCalendar UID, the same for every invitation of this demo
    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE", unique=True)
    host_id: int = Field(foreign_key="demo_host.staff_user_id")
    starts_at: datetime = Field(sa_type=DateTime(timezone=True))
    ends_at: datetime = Field(sa_type=DateTime(timezone=True))
    visitor_time_zone: str = Field(max_length=64)  # IANA name the visitor chose: times in their mails
    status: str = Field(default=BookingStatus.BOOKED.value, max_length=10)  # a BookingStatus value
    sequence: int = Field(default=0)  # iCalendar SEQUENCE: +1 on every reschedule and on cancellation
    # Why staff cancelled it, as they typed it for the visitor ("" when the visitor cancelled or staff gave none)
    cancel_reason: str = Field(default="", max_length=500, sa_column_kwargs={"server_default": ""})
    created_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
    updated_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
