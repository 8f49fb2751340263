"""The shell every lead form shares: honeypot, message region, submit button and the <form> itself."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.attribution import attribution_field
from marketing_site.components.browser_steps import browser_info
from marketing_site.components.submit_bar import Submission, kept_start, submit_bar
from marketing_site.content import forms
from marketing_site.settings import settings


def honeypot(form_id: str) -> rx.Component:
    """A field people never see or reach; bots that fill every input give themselves away.

    `inert` takes it out of focus (Tab, a dialog's first focus, scripts) and so out of autofill,
    which fills only focusable fields; autocomplete off and an unusual name do the rest.
    """
    field_id = f"{form_id}-{forms.HONEYPOT_NAME}"
    return rx.el.div(
        rx.el.label(forms.HONEYPOT_LABEL, html_for=field_id),
        rx.el.input(type="text", name=forms.HONEYPOT_NAME, id=field_id, tab_index=-1, auto_complete="off"),
        aria_hidden="true",
        custom_attrs={"inert": True},
        class_name="absolute -start-[10000px] top-auto h-px w-px overflow-hidden",
    )


def timeout_ms(timeout_seconds: float = 0) -> int:
    """How long a submit waits for its answer before the visitor is told to press again."""
    return round(1000 * (timeout_seconds or settings.form_timeout_seconds))


def lead_form(
    form_id: str,
    state,
    *children: rx.Component,
    submit_label: str,
    on_submit=None,
    cancel_dialog: str = "",
    timeout_seconds: float = 0,
    start_on_mount: bool = True,
) -> rx.Component:
    """A form that posts once and keeps input after any error; its state starts on mount unless the
    caller starts it (a form inside the dialog ``cancel_dialog`` starts when the dialog opens, and gets a
    Cancel button closing it)."""
    submission = Submission(form_id, state.answered)
    start = {"on_mount": state.start(browser_info())} if start_on_mount else {}
    return rx.el.form(
        honeypot(form_id),
        *children,
        kept_start(form_id, state.start_token),
        attribution_field(form_id),
        submit_bar(
            submission,
            state.alert,
            submit_label,
            forms.SUBMIT_BUSY_LABEL,
            timeout_ms(timeout_seconds),
            (forms.CANCEL_LABEL, cancel_dialog) if cancel_dialog else None,
        ),
        id=form_id,
        on_submit=submission.on_submit(on_submit or state.submit),
        on_unmount=submission.forget(),
        reset_on_submit=False,
        class_name="relative space-y-6",
        **start,
    )
