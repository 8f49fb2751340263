"""A whole lead-form page (heading, introduction, the form in its card, the success modal): the frame of
/schedule, /signup, /SchedulSingleDemo and /careers."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.forms.lead_form import lead_form
from marketing_site.components.forms.submit_bar import Submission
from marketing_site.components.forms.success_modal import success_modal
from marketing_site.components.styles import CONTAINER
from marketing_site.content.types import LeadFormCopy, Video
from marketing_site.layout.page import frame


def form_page(heading: str, intro: str, *children: rx.Component) -> rx.Component:
    """A form page's body: the one h1, an introduction and a card holding the form."""
    return rx.el.section(
        rx.el.div(
            rx.el.h1(heading, class_name="text-3xl font-bold text-slate-900 md:text-4xl"),
            rx.el.p(intro, class_name="mt-3 max-w-2xl text-lg text-slate-700"),
            class_name=f"{CONTAINER} pt-12",
        ),
        rx.el.div(
            rx.el.div(
                *children,
                class_name="max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-10",
            ),
            class_name=f"{CONTAINER} my-8",
        ),
        class_name="bg-gradient-to-b from-sky-50 to-white pb-12",
    )


def lead_form_page(
    copy: LeadFormCopy,
    form_id: str,
    state,
    *children: rx.Component,
    on_submit=None,
    video: Video | None = None,
    video_title: str = "",
    timeout_seconds: float = 0,
    after_success: rx.Component | None = None,
    success_text_shown: rx.Var[bool] | None = None,
) -> rx.Component:
    """A whole form page: heading, the form with the given controls, and its success modal (which may go on
    with ``after_success``, e.g. the slot picker, and show its text only while ``success_text_shown``)."""
    return frame(
        form_page(
            copy.heading,
            copy.intro,
            lead_form(
                form_id,
                state,
                *children,
                submit_label=copy.submit_label,
                on_submit=on_submit,
                timeout_seconds=timeout_seconds,
            ),
        ),
        success_modal(
            copy.success,
            Submission(form_id, state.answered).succeeded_here(state.submitted),
            f"{form_id}-success",
            video,
            video_title,
            after_success,
            text_shown=success_text_shown,
        ),
    )
