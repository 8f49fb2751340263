"""The counter strip under the hero: hidden until the visitor scrolls past a threshold, then counting up.

Scroll tracking and the animation run in `counter.jsx`; the strip only toggles
visibility and opacity, so its space is reserved and nothing shifts (CLS 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

import reflex as rx

from marketing_site.content.types import Counter


class CounterStrip(rx.Component):
    """The React side of `counter_strip()`."""

    library = rx.asset("counter.jsx", shared=True).importable_path
    tag = "CounterStrip"

    items: rx.Var[list[dict[str, str | int]]]
    threshold: rx.Var[int]
    duration_ms: rx.Var[int]
    delay_ms: rx.Var[int]
    start: rx.Var[int]
    aria_label: rx.Var[str]
    item_class_name: rx.Var[str]
    value_class_name: rx.Var[str]
    label_class_name: rx.Var[str]


def counter_strip(
    counters: Sequence[Counter], *, threshold_px: int, duration_ms: int, delay_ms: int, start: int, aria_label: str
) -> rx.Component:
    """Counters from `start` to each end value in `duration_ms`, after `delay_ms`, once scrolled past `threshold_px`."""
    return CounterStrip.create(
        items=[asdict(counter) for counter in counters],
        threshold=threshold_px,
        duration_ms=duration_ms,
        delay_ms=delay_ms,
        start=start,
        aria_label=aria_label,
        class_name=(
            "mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-10 md:grid-cols-4 invisible opacity-0 "
            "transition-[opacity,visibility] duration-500 data-[visible=true]:visible data-[visible=true]:opacity-100 "
            "motion-reduce:transition-none"
        ),
        item_class_name="rounded-2xl border border-sky-100 bg-white px-4 py-6 text-center shadow-sm",
        value_class_name="text-4xl font-extrabold tabular-nums text-sky-800 md:text-5xl",
        label_class_name="mt-2 text-sm font-semibold tracking-[0.2em] text-slate-600",
    )
