"""Free demo slots, computed on the server from availability minus bookings.

Availability is each active host's weekly hours in their own zone, less their days off, their
country's public holidays and weekend (``core.closed_days``). From
that, live bookings (widened by the buffer), the minimum notice, the horizon and the daily limit per
host take slots away. Slots start at the beginning of each stretch of hours and follow each other
every demo length plus buffer. Instants are UTC inside; a listed slot carries its times in the
visitor's zone, so its ISO 8601 form has the visitor's offset on either side of a DST change.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from itertools import accumulate
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlmodel import Session, col, select

from marketing_site.booking.errors import MalformedSlotId, UnknownTimeZone
from marketing_site.booking.models import BookingSettings, BookingStatus, DayOff, DemoBooking, DemoHost, WorkingHours
from marketing_site.booking.slot import Slot as Slot  # where it is listed; errors.py names it too
from marketing_site.core import db
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.core.closed_days import is_closed

UTC = UTC
SLOT_ID_PATTERN = r"([0-9]{1,9})-([0-9]{8}T[0-9]{4})Z"
ZONE_PATTERN = r"[A-Za-z][A-Za-z0-9_+\-]{0,30}(/[A-Za-z0-9_+\-]{1,30}){0,2}"  # IANA names: Europe/London, Etc/GMT+4
SLOT_ID_FORMAT = "%Y%m%dT%H%M"


def slot_id(host_id: int, starts_at: datetime) -> str:
    return f"{host_id}-{starts_at.astimezone(UTC).strftime(SLOT_ID_FORMAT)}Z"


def parse_slot_id(value: object) -> tuple[int, datetime]:
    """(host id, UTC start) of a slot id; MalformedSlotId for anything else."""
    found = re.fullmatch(SLOT_ID_PATTERN, value) if isinstance(value, str) else None
    if found is None:
        raise MalformedSlotId()
    try:
        starts_at = datetime.strptime(found[2], SLOT_ID_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        raise MalformedSlotId() from None
    return int(found[1]), starts_at


def zone(name: object) -> ZoneInfo:
    """The IANA zone called ``name`` (Europe/London, Asia/Karachi); UnknownTimeZone otherwise."""
    if not isinstance(name, str) or not re.fullmatch(ZONE_PATTERN, name):
        raise UnknownTimeZone()
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a folder of zones ("US", "Etc"), not a zone
        raise UnknownTimeZone() from None


def rules(db_session: Session) -> BookingSettings:
    """The company's booking rules: the stored row, or the defaults until staff save one."""
    return db_session.get(BookingSettings, 1) or BookingSettings()


@dataclass(frozen=True)
class HostWeek:
    """What slot computing needs of one host: the row, its hours by weekday and its days off."""

    host: DemoHost
    hours: dict[int, list[tuple[int, int]]]
    days_off: frozenset[date]

    def working_days(self, first_day: date, last_day: date) -> Iterator[date]:
        """The host's local dates first_day..last_day with hours, that are no day off, holiday or weekend."""
        day = first_day
        while day <= last_day:
            if day.weekday() in self.hours and day not in self.days_off and not is_closed(self.host.country, day):
                yield day
            day += timedelta(days=1)

    def day_starts(self, day: date, demo: timedelta, step: timedelta) -> Iterator[datetime]:
        """UTC starts of every slot within the host's hours on their local date ``day``, ignoring bookings;
        a wall time that does not exist (the hour a DST change skips) is left out."""
        local_zone = ZoneInfo(self.host.time_zone)
        midnight = datetime.combine(day, time(), tzinfo=local_zone)
        steady = (
            midnight.utcoffset() == datetime.combine(day + timedelta(days=1), time(), tzinfo=local_zone).utcoffset()
        )
        midnight_utc = midnight.astimezone(UTC)
        for start_minute, end_minute in self.hours.get(day.weekday(), ()):
            offset = timedelta(minutes=start_minute)
            while offset + demo <= timedelta(minutes=end_minute):
                if steady:  # no clock change that day (nearly always): plain arithmetic
                    yield midnight_utc + offset
                else:
                    wall = midnight + offset  # wall-clock arithmetic in the host's zone
                    instant = wall.astimezone(UTC)
                    if instant.astimezone(local_zone).replace(tzinfo=None) == wall.replace(tzinfo=None):
                        yield instant
                offset += step


def host_weeks(db_session: Session, host_id: int | None = None) -> list[HostWeek]:
    """Every active host (or the one asked for) with their hours and days off, in three queries."""
    query = select(DemoHost).where(DemoHost.active).order_by(col(DemoHost.display_name), col(DemoHost.staff_user_id))
    if host_id is not None:
        query = query.where(DemoHost.staff_user_id == host_id)
    hosts = db_session.exec(query).all()
    ids = [host.staff_user_id for host in hosts]
    hours: dict[int, dict[int, list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    for stretch in db_session.exec(
        select(WorkingHours).where(col(WorkingHours.host_id).in_(ids)).order_by(col(WorkingHours.start_minute))
    ):
        hours[stretch.host_id][stretch.weekday].append((stretch.start_minute, stretch.end_minute))
    days_off: dict[int, set[date]] = defaultdict(set)
    for off in db_session.exec(select(DayOff).where(col(DayOff.host_id).in_(ids))):
        days_off[off.host_id].add(off.day)
    return [HostWeek(host, dict(hours[host.staff_user_id]), frozenset(days_off[host.staff_user_id])) for host in hosts]


@dataclass(frozen=True)
class Taken:
    """A host's live bookings around a window: intervals blocked (buffer included) and demos per local day."""

    blocked_starts: list[datetime]  # sorted
    latest_end: list[datetime]  # latest_end[i]: the latest end among blocked intervals 0..i
    per_day: dict[date, int]

    def overlaps(self, start: datetime, end: datetime) -> bool:
        before_end = bisect.bisect_left(self.blocked_starts, end)  # intervals starting before our end
        return before_end > 0 and self.latest_end[before_end - 1] > start


def taken(
    db_session: Session,
    weeks: Iterable[HostWeek],
    start: datetime,
    end: datetime,
    buffer: timedelta,
    exclude_booking_id: int | None = None,
) -> dict[int, Taken]:
    """Live bookings of the hosts from a day before ``start`` to a day after ``end`` (daily limits need whole days)."""
    by_id = {week.host.staff_user_id: week for week in weeks}
    query = (
        select(DemoBooking.host_id, DemoBooking.starts_at, DemoBooking.ends_at)
        .where(
            DemoBooking.status == BookingStatus.BOOKED,
            col(DemoBooking.host_id).in_(list(by_id)),
            DemoBooking.starts_at >= start - timedelta(days=1),
            DemoBooking.starts_at < end + timedelta(days=1),
        )
        .order_by(col(DemoBooking.host_id), col(DemoBooking.starts_at))
    )
    if exclude_booking_id is not None:
        query = query.where(DemoBooking.id != exclude_booking_id)
    zones = {host_id: ZoneInfo(week.host.time_zone) for host_id, week in by_id.items()}
    intervals: dict[int, list[tuple[datetime, datetime]]] = defaultdict(list)
    per_day: dict[int, dict[date, int]] = defaultdict(lambda: defaultdict(int))
    for host_id, starts_at, ends_at in db_session.exec(query):
        starts_at, ends_at = as_utc(starts_at), as_utc(ends_at)
        intervals[host_id].append((starts_at - buffer, ends_at + buffer))
        per_day[host_id][starts_at.astimezone(zones[host_id]).date()] += 1
    return {
        host_id: Taken(
            [blocked_start for blocked_start, _ in intervals[host_id]],
            list(accumulate((blocked_end for _, blocked_end in intervals[host_id]), max)),
            dict(per_day[host_id]),
        )
        for host_id in by_id
    }


def free_starts(
    week: HostWeek, booked: Taken, settings_row: BookingSettings, start: datetime, end: datetime, now: datetime
) -> Iterator[datetime]:
    """UTC starts of the host's free slots within [start, end), after notice and within the horizon."""
    demo = timedelta(minutes=settings_row.demo_minutes)
    step = demo + timedelta(minutes=settings_row.buffer_minutes)
    earliest = max(start, now + timedelta(minutes=settings_row.min_notice_minutes))
    latest = min(end, now + timedelta(days=settings_row.horizon_days))
    if earliest >= latest:
        return
    local_zone = ZoneInfo(week.host.time_zone)
    for day in week.working_days(earliest.astimezone(local_zone).date(), latest.astimezone(local_zone).date()):
        if booked.per_day.get(day, 0) >= settings_row.daily_limit:
            continue
        for instant in week.day_starts(day, demo, step):
            if earliest <= instant < latest and not booked.overlaps(instant, instant + demo):
                yield instant


def any_free(db_session: Session, now: datetime) -> bool:
    """Whether any active host has a free slot from now to the horizon (a demo request's mail offers them).

    Looks a few days ahead first, then ever further: a request pays for the bookings of the days it reads."""
    settings_row = rules(db_session)
    weeks = host_weeks(db_session)
    horizon, buffer = now + timedelta(days=settings_row.horizon_days), timedelta(minutes=settings_row.buffer_minutes)
    start, span = now, timedelta(days=2)
    while weeks and start < horizon:
        end = min(start + span, horizon)
        booked = taken(db_session, weeks, start, end, buffer)
        for week in weeks:
            if next(free_starts(week, booked[week.host.staff_user_id], settings_row, start, end, now), None):
                return True
        start, span = end, span * 4
    return False


def window(from_day: date, days: int, visitor_zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The UTC instants bounding the visitor's local dates from_day .. from_day + days - 1."""
    start = datetime.combine(from_day, time(), tzinfo=visitor_zone)
    end = datetime.combine(from_day + timedelta(days=days), time(), tzinfo=visitor_zone)
    return start.astimezone(UTC), end.astimezone(UTC)


def free_slots(
    from_day: date, days: int, tz_name: str, now: datetime | None = None, host_id: int | None = None
) -> list[Slot]:
    """Free slots of every active host (or one) on the visitor's dates from_day .. from_day + days - 1,
    in start order, their times in ``tz_name``. UnknownTimeZone for a zone that does not exist.

    The site's slot picker, the API's listing and the manage page's reschedule list all read this.
    """
    visitor_zone = zone(tz_name)
    start, end = window(from_day, days, visitor_zone)
    with db.session() as db_session:
        return _free_slots(db_session, start, end, visitor_zone, as_utc(now or utc_now()), host_id)


def _free_slots(
    db_session: Session,
    start: datetime,
    end: datetime,
    visitor_zone: ZoneInfo,
    now: datetime,
    host_id: int | None = None,
    exclude_booking_id: int | None = None,
) -> list[Slot]:
    settings_row = rules(db_session)
    weeks = host_weeks(db_session, host_id)
    booked = taken(db_session, weeks, start, end, timedelta(minutes=settings_row.buffer_minutes), exclude_booking_id)
    demo = timedelta(minutes=settings_row.demo_minutes)
    slots = [
        Slot(
            slot_id(week.host.staff_user_id, instant),
            week.host.staff_user_id,
            week.host.display_name,
            instant.astimezone(visitor_zone),
            (instant + demo).astimezone(visitor_zone),
        )
        for week in weeks
        for instant in free_starts(week, booked[week.host.staff_user_id], settings_row, start, end, now)
    ]
    return sorted(slots, key=lambda slot: (slot.starts_at, slot.host_name, slot.host_id))


def next_free_slots(
    db_session: Session,
    after: datetime,
    tz_name: str,
    now: datetime,
    limit: int = 5,
    host_id: int | None = None,
    exclude_booking_id: int | None = None,
) -> list[Slot]:
    """The first ``limit`` free slots starting at or after ``after`` (what a visitor who lost a slot is offered)."""
    settings_row = rules(db_session)
    horizon = now + timedelta(days=settings_row.horizon_days)
    return _free_slots(db_session, max(after, now), horizon, zone(tz_name), now, host_id, exclude_booking_id)[:limit]
