"""The counter strip under the hero: hidden until the visitor scrolls past a threshold, then counting up once.

Whether the page has been scrolled past the threshold and how far the count has run are browser-only state
(`widget_state`). The count is timed by a CSS animation (`AnimationClock`): after its delay it ticks
about thirty times a second, each tick handing over the seconds elapsed, and its end gives the final
values; under `prefers-reduced-motion` the stylesheet makes it end at once. The strip only toggles
visibility and opacity, so its space is reserved and nothing shifts (CLS 0). Once shown it stays, with its
final values: scrolling back up and down again does not count a second time.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx

from marketing_site.components.browser import NumberVar
from marketing_site.components.browser_state import AnimationClock, clock_classes, widget_state
from marketing_site.content.types import Counter

TICK_MS = 33
# Reduced motion: the clock ends at once, so the final values show without counting.
_CLOCK_REDUCED = (
    "motion-reduce:[animation-delay:0s]! motion-reduce:[animation-duration:1ms]! "
    "motion-reduce:[animation-iteration-count:1]!"
)


def eased(progress: NumberVar) -> NumberVar:
    """Ease-out cubic: fast at first, settling on the final value."""
    return 1 - (1 - progress) ** 3


def _figure(counter: Counter, start: int, progress: NumberVar) -> rx.Component:
    value = rx.Var.create(start + (counter.end - start) * eased(progress)).to(NumberVar)
    return rx.el.div(
        rx.el.p(
            rx.el.span(round(value), counter.suffix, aria_hidden="true", data_counter_value=""),
            rx.el.span(str(counter.end), counter.suffix, class_name="sr-only"),
            class_name="text-4xl font-extrabold tabular-nums text-sky-800 md:text-5xl",
        ),
        rx.el.p(counter.label, class_name="mt-2 text-sm font-semibold tracking-[0.2em] text-slate-600"),
        class_name="rounded-2xl border border-sky-100 bg-white px-4 py-6 text-center shadow-sm",
    )


def counter_strip(
    counters: Sequence[Counter], *, threshold_px: int, duration_ms: int, delay_ms: int, start: int, aria_label: str
) -> rx.Component:
    """Counters from `start` to each end value in `duration_ms`, after `delay_ms`, the first time the page is
    scrolled past `threshold_px`."""
    visible = widget_state("counters-visible", False)  # stays true: the count runs once per page view
    elapsed = widget_state("counters-elapsed", 0.0)  # seconds counted
    duration_s = duration_ms / 1000
    progress = rx.cond(elapsed.value < duration_s, elapsed.value / duration_s, 1).to(NumberVar)
    clock = AnimationClock.create(
        aria_hidden="true",
        class_name=f"{clock_classes(TICK_MS, round(duration_ms / TICK_MS), delay_ms)} {_CLOCK_REDUCED}",
        on_animation_iteration=elapsed.set,
        on_animation_end=elapsed.set_value(duration_s),
    )
    return rx.el.section(
        rx.window_event_listener(
            on_scroll=lambda _x, y: visible.set_value(visible.value | (y.to(float) > threshold_px))
        ),
        rx.cond(visible.value, clock, rx.fragment()),
        *[_figure(counter, start, progress) for counter in counters],
        aria_label=aria_label,
        data_visible=visible.value,
        class_name=(
            "mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-10 md:grid-cols-4 invisible opacity-0 "
            "transition-[opacity,visibility] duration-500 data-[visible=true]:visible data-[visible=true]:opacity-100 "
            "motion-reduce:transition-none"
        ),
    )
