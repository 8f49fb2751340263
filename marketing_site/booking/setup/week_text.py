"""A weekday's working hours as staff type them, "09:00-12:00, 14:00-17:30", read and written back.

A line of text per weekday keeps the form usable by keyboard alone and lets a day hold several stretches;
every mistake is reported with the day and the stretch (all the bad days at once), so nothing is saved until
all seven days read well.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_STRETCH = re.compile(r"^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$")
Stretch = tuple[int, int]  # start and end, minutes after local midnight (end exclusive, at most 1440)


class HoursInvalid(ValueError):
    """The week as typed cannot be saved; each problem names its day and stretch, one line each."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def day_text(stretches: list[Stretch]) -> str:
    return ", ".join(f"{clock(start)}-{clock(end)}" for start, end in sorted(stretches))


def _minute(hours: str, minutes: str, day: str, typed: str) -> int:
    value = int(hours) * 60 + int(minutes)
    if int(minutes) > 59 or value > 1440:
        raise HoursInvalid(f"{day}: {typed} is not a time of day (00:00 to 24:00)")
    return value


def read_day(day: str, text: str) -> list[Stretch]:
    """The stretches of one weekday, sorted; refuses a stretch that ends before it starts or overlaps another."""
    stretches: list[Stretch] = []
    for typed in (part.strip() for part in text.split(",")):
        if not typed:
            continue
        match = _STRETCH.match(typed)
        if match is None:
            raise HoursInvalid(f'{day}: write "{typed[:40]}" as start-end, e.g. 09:00-12:00')
        start = _minute(match[1], match[2], day, typed)
        end = _minute(match[3], match[4], day, typed)
        if start >= end:
            raise HoursInvalid(f"{day}: {typed} ends before it starts (the start must be earlier than the end)")
        stretches.append((start, end))
    stretches.sort()
    for (_, earlier_end), (later_start, later_end) in pairwise(stretches):
        if later_start < earlier_end:
            raise HoursInvalid(
                f"{day}: {clock(later_start)}-{clock(later_end)} overlaps the stretch before it "
                f"(ending {clock(earlier_end)})"
            )
    return stretches


def read_week(texts: list[str], closed: Callable[[int], str] = lambda _weekday: "") -> dict[int, list[Stretch]]:
    """Weekday (0 Monday) to its stretches, from one text per weekday; every bad day is reported at once,
    including hours on a weekday ``closed`` gives a reason for (the host's weekend)."""
    week: dict[int, list[Stretch]] = {}
    problems: list[str] = []
    for weekday, text in enumerate(texts):
        try:
            week[weekday] = read_day(WEEKDAYS[weekday], text[:500])
        except HoursInvalid as invalid:
            problems.extend(invalid.problems)
            continue
        if week[weekday] and (reason := closed(weekday)):
            problems.append(f"{WEEKDAYS[weekday]}: {reason}; leave it empty (or correct the country if it is wrong)")
    if problems:
        raise HoursInvalid(*problems)
    return week
