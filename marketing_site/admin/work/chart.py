"""The inbox's chart, drawn on the server as SVG (no script, nothing for the CSP to allow): leads per day of
the viewer's zone, stacked by kind, with a count axis, dated days and a legend. A screen reader gets a
one-sentence summary and the table of the same numbers below the chart.

Geometry lives here, in the SVG's own units (the stylesheet scales the drawing to its column and colours
each kind by its class); the template only writes out the shapes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date

from marketing_site.admin.local_time import StaffClock
from marketing_site.leads.labels import kind_name

WIDTH, HEIGHT = 400, 210
LEFT, RIGHT, TOP, BOTTOM = 30, 6, 10, 24  # room for the count axis and the dates
GAP = 2  # between two days' bars
DATE_EVERY = 7  # a date under every seventh day, counted back from today


@dataclass(frozen=True)
class Bar:
    """One kind's part of one day's column."""

    x: float
    y: float
    width: float
    height: float
    kind_index: int
    label: str  # its tooltip: "Tue 25 Nov: 3 demo booking"


@dataclass(frozen=True)
class Tick:
    position: float
    text: str
    anchor: str = "middle"  # SVG text-anchor: today's date ends at the plot's right edge, never past the drawing


@dataclass(frozen=True)
class Chart:
    kinds: list[tuple[int, str]]  # (colour index, name) of each kind the viewer sees, legend order
    bars: list[Bar]
    counts: list[Tick]  # the y axis: positions are y
    dates: list[Tick]  # the x axis: positions are each label's centre x
    table: list[tuple[str, list[int], int]]  # (day, count per kind in legend order, total)
    summary: str
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    plot_bottom: int = HEIGHT - BOTTOM


def _step(largest: int) -> int:
    """A round step for at most four gridlines above zero: 1, 2, 5, 10, 20, 50, …"""
    step, factors = 1, itertools.cycle((2, 2.5, 2))
    while largest / step > 4:
        step = round(step * next(factors))
    return step


def build(days: list[tuple[date, dict[str, int]]], kinds: tuple[str, ...], clock: StaffClock) -> Chart:
    totals = [sum(per_kind.values()) for _, per_kind in days]
    largest = max([*totals, 1])
    step = _step(largest)
    top_count = step * -(-largest // step)  # the axis ends on the first step at or above the busiest day
    plot_height = HEIGHT - TOP - BOTTOM
    column = (WIDTH - LEFT - RIGHT) / max(len(days), 1)
    scale = plot_height / top_count
    bars: list[Bar] = []
    for index, (day, per_kind) in enumerate(days):
        base = float(HEIGHT - BOTTOM)
        for kind_index, kind in enumerate(kinds):
            number = per_kind.get(kind, 0)
            if not number:
                continue
            height = number * scale
            base -= height
            label = f"{clock.day_name(day)}: {number} {kind_name(kind).lower()}"
            bars.append(Bar(LEFT + index * column + GAP / 2, base, column - GAP, height, kind_index, label))
    counts = [Tick(HEIGHT - BOTTOM - value * scale, str(value)) for value in range(0, top_count + 1, step)]
    last = len(days) - 1
    dates = [
        Tick(WIDTH - RIGHT, text, "end") if index == last else Tick(LEFT + (index + 0.5) * column, text)
        for index, (day, _) in enumerate(days)
        if (last - index) % DATE_EVERY == 0 and (text := clock.day_name(day).partition(" ")[2])
    ]
    table = [
        (clock.day_name(day), [per_kind.get(kind, 0) for kind in kinds], total)
        for (day, per_kind), total in zip(days, totals, strict=True)
    ]
    return Chart(
        kinds=[(index, kind_name(kind)) for index, kind in enumerate(kinds)],
        bars=bars,
        counts=counts,
        dates=dates,
        table=table,
        summary=_summary(days, totals, clock),
    )


def _summary(days: list[tuple[date, dict[str, int]]], totals: list[int], clock: StaffClock) -> str:
    if not days:
        return "No days to show."
    span = f"{clock.day_name(days[0][0])} to {clock.day_name(days[-1][0])} ({clock.place} days)"
    if not any(totals):
        return f"Leads per day by kind, {span}: none."
    busiest = max(range(len(days)), key=lambda index: (totals[index], index))
    return (
        f"Leads per day by kind, {span}: {sum(totals)} in all, most on {clock.day_name(days[busiest][0])} "
        f"({totals[busiest]}). The table below the chart holds every number."
    )
