"""The slot picker inside a demo request's success modal: free times grouped by day, one radio each.

Everything is rendered from the state (slots are computed on the server); no script of its own. The
radios are one group (arrow keys move between times), each day a fieldset; the visitor's zone is a
plain select. Rendered only when there are free times, so without hosts the modal stays as it was.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.forms.lead_form import timeout_ms
from marketing_site.components.forms.submit_bar import Submission, submit_bar
from marketing_site.content.booking import SlotPickerCopy

_TIME = (
    "inline-flex min-w-[4.5rem] cursor-pointer justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 "
    "text-sm font-semibold tabular-nums text-slate-800 hover:border-sky-700 peer-checked:border-sky-800 "
    "peer-checked:bg-sky-800 peer-checked:text-white peer-focus-visible:ring-4 peer-focus-visible:ring-sky-700/40"
)


def _time(offered) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="radio", name="slot", value=offered.id, class_name="peer sr-only"),
        rx.el.span(offered.time, class_name=_TIME),
    )


def _day(day) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(day.label, class_name="mb-2 text-sm font-semibold text-slate-900"),
        rx.el.div(rx.foreach(day.times, _time), class_name="flex flex-wrap gap-2"),
        class_name="min-w-0",
    )


def _picker(state, copy: SlotPickerCopy, picker_id: str) -> rx.Component:
    zone_id = f"{picker_id}-zone"
    submission = Submission(picker_id, state.picker_answered)
    return rx.el.section(
        rx.el.h3(
            copy.heading,
            id=f"{picker_id}-title",
            tab_index=-1,
            custom_attrs={"data-autofocus": True},
            class_name="text-lg font-bold text-slate-900 focus:outline-none",
        ),
        rx.el.p(copy.intro, class_name="mt-1 text-sm text-slate-700"),
        rx.el.div(
            rx.el.label(copy.zone_label, html_for=zone_id, class_name="text-sm text-slate-700"),
            rx.el.select(
                # Issue 23: each zone by its name in the page's language (CLDR), e.g. "توقيت عُمان" on /ar.
                rx.foreach(state.zone_choices, lambda zone: rx.el.option(state.zone_labels[zone], value=zone)),
                id=zone_id,
                value=state.time_zone,
                on_change=state.change_zone,
                class_name="min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm",
            ),
            class_name="mt-3 flex flex-wrap items-center gap-2",
        ),
        rx.el.form(
            rx.el.div(rx.foreach(state.offered, _day), class_name="space-y-4"),
            submit_bar(submission, state.picker_alert, copy.book_label, copy.busy_label, timeout_ms()),
            id=picker_id,
            on_submit=submission.on_submit(state.book),
            on_unmount=submission.forget(),
            reset_on_submit=False,
            class_name="mt-4 space-y-4",
        ),
        aria_labelledby=f"{picker_id}-title",
        class_name="mt-6 border-t border-slate-200 pt-5 text-start",
    )


def _confirmation(state, copy: SlotPickerCopy, picker_id: str) -> rx.Component:
    return rx.el.section(
        rx.el.h3(copy.booked_title, id=f"{picker_id}-booked", class_name="text-lg font-bold text-slate-900"),
        # Issue 23: the time's runs of the other direction are isolated (FSI/PDI), so the zone's brackets stay paired.
        rx.el.p(state.booked_when, id=f"{picker_id}-when", class_name="mt-2 font-semibold text-slate-900"),
        rx.el.p(copy.booked_with, " ", rx.el.bdi(state.booked_host), class_name="mt-1 text-slate-800"),
        rx.el.p(copy.booked_note, class_name="mt-2 text-sm text-slate-700"),
        role="status",
        aria_labelledby=f"{picker_id}-booked",
        class_name="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-start",
    )


def picker_booked(state) -> rx.Var[bool]:
    """Whether the visitor booked a time here: the modal's "we will contact you" no longer holds then."""
    return state.booked_when != ""


def slot_picker(state, copy: SlotPickerCopy, picker_id: str) -> rx.Component:
    """The confirmation once booked, else the free times (if any), else nothing."""
    return rx.cond(
        picker_booked(state),
        _confirmation(state, copy, picker_id),
        # Kept while it has something to say (a taken time with no other free time left).
        rx.cond(
            (state.offered.length() > 0) | (state.picker_alert != ""), _picker(state, copy, picker_id), rx.fragment()
        ),
    )
