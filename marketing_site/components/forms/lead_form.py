"""The shell every lead form shares: honeypot, message region, submit button and the <form> itself."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.browser import event_chain_handler
from marketing_site.components.browser_steps import browser_info, client_state, step
from marketing_site.components.forms.attribution import attribution_field
from marketing_site.components.forms.submit_bar import Submission, kept_start, submit_bar
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


def _starts(form_id: str, state) -> tuple[rx.Var, rx.Var, list[rx.Var]]:
    """The form's ``on_focus`` and ``on_mount``, and what forgets its start when it leaves the page.

    The state starts on the visitor's first focus in any of its fields (the first event of the page that
    needs the server: it opens the websocket, build/lazy_socket.py). A visitor who typed before the page's
    scripts ran (a slow phone) gave no focus event React could see: the form starts as it mounts, timed
    from when the page was shown, so the time trap sees the time they spent typing."""
    started = client_state(f"started-{form_id}", False)

    def start_chain(trigger: str, start) -> rx.Var:
        events = [started.set_value(True), start(browser_info())]
        return event_chain_handler(events, trigger, rx.el.Form, unless=started.value)

    on_mount = step("startIfFilled", form_id, start_chain("on_mount", state.start_typed_before_scripts))
    return start_chain("on_focus", state.start), on_mount, [started.set_value(False)]


def lead_form(
    form_id: str,
    state,
    *children: rx.Component,
    submit_label: str,
    on_submit=None,
    cancel_dialog: str = "",
    timeout_seconds: float = 0,
    start_on_focus: bool = True,
) -> rx.Component:
    """A form that posts once and keeps input after any error; its state starts on the first focus in it
    unless the caller starts it (a form inside the dialog ``cancel_dialog`` starts when the dialog opens,
    and gets a Cancel button closing it). Nothing reaches the server before that start."""
    submission = Submission(form_id, state.answered)
    start = {}
    forget_start: list[rx.Var] = []
    if start_on_focus:
        on_focus, on_mount, forget_start = _starts(form_id, state)
        start = {"on_focus": on_focus, "on_mount": on_mount}
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
        on_unmount=[*submission.forget(), *forget_start],
        reset_on_submit=False,
        class_name="relative space-y-6",
        **start,
    )
