"""The end of a lead form: its message region and submit button, busy from the moment it is submitted.

Browser-only state per form (client state: no server round trip), both counts of the state's
``answered``, which the server bumps once per handled submission:
- sent: the count when the form was last submitted (-1: not on this page yet);
- late: the count at which that wait ran out.
Waiting means no answer since the submit; busy means waiting and not yet late. A submit while busy is
dropped before Reflex sends it. The time limit is the life of an invisible element that exists only
while busy: its one CSS animation lasts the limit and its end marks the wait late, when the visitor is
told plainly to press again (the state keeps one idempotency key per rendered form, so a retry never
stores twice). When an answer with field errors arrives after a submit, the first invalid field gets
the focus and is scrolled into view. Offline while sending is a calm notice (the request goes out on
reconnect); the rest are errors. A lead form's signed start is kept and posted in a hidden field: a
server state lost meanwhile (Redis restarted, or a worker's memory) cannot clear it.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from marketing_site.components.browser import connection_lost, event_chain_handler, no_args_event_spec
from marketing_site.components.browser_steps import client_state, step
from marketing_site.components.native_dialog import close_modal
from marketing_site.content import forms

_ALERT = "rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
_NOTICE = "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
_BUTTON = (
    "inline-flex items-center justify-center rounded-full bg-sky-800 px-8 py-3 font-semibold text-white "
    "hover:bg-sky-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40 "
    "aria-disabled:cursor-wait aria-disabled:opacity-70"
)
_CANCEL = (
    "inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-3 "
    "font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-4 "
    "focus-visible:ring-sky-700/40"
)


class WaitTimer(rx.el.Span):
    """An invisible element whose one CSS animation (as long as the time limit) ends the wait."""

    on_animation_end: rx.EventHandler[no_args_event_spec]


@dataclass(frozen=True)
class Submission:
    """The browser-only submit state of the form ``form_id`` (see the module's docstring)."""

    form_id: str
    answered: rx.Var[int]

    @property
    def sent(self):
        return client_state(f"sent-{self.form_id}", -1)

    @property
    def late(self):
        return client_state(f"late-{self.form_id}", -1)

    @property
    def waiting(self) -> rx.Var[bool]:
        return self.sent.value == self.answered

    @property
    def busy(self) -> rx.Var[bool]:
        return self.waiting & (self.late.value != self.answered)

    @property
    def timed_out(self) -> rx.Var[bool]:
        return self.waiting & (self.late.value == self.answered)

    def on_submit(self, handler) -> rx.Var:
        """The form's submit: dropped while busy, else marked sent (busy at once) and handed to ``handler``."""
        return event_chain_handler(
            [self.sent.set_value(self.answered), self.late.set_value(-1), handler],
            "on_submit",
            rx.el.Form,
            unless=self.busy,
        )

    def succeeded_here(self, submitted: rx.Var[bool]) -> rx.Var[bool]:
        """The server's ``submitted`` for a form sent from this page. A visitor who sent a form and later loads
        a page in the same tab gets the state of that visit back with the first connection (its first focus),
        ``submitted`` still true until the new start clears it: without this, the old success modal flashed
        up and took the focus from the field being typed in."""
        return submitted & (self.sent.value != -1)

    def forget(self) -> list[rx.Var]:
        """Another page may show a form of the same id: it starts with nothing sent."""
        return [self.sent.set_value(-1), self.late.set_value(-1)]


def _message(title: str, text: str | rx.Var[str], look: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(title, class_name="font-semibold") if title else rx.fragment(),
        rx.el.p(text),
        class_name=look,
    )


def _messages(submission: Submission, alert: rx.Var[str]) -> rx.Component:
    return rx.el.div(
        rx.cond(
            submission.timed_out,
            _message(forms.ERROR_TITLE, forms.TIMEOUT_TEXT, _ALERT),
            rx.cond(
                submission.busy & connection_lost,
                _message("", forms.OFFLINE_TEXT, _NOTICE),
                rx.cond(alert != "", _message(forms.ERROR_TITLE, alert, _ALERT)),
            ),
        ),
        role="alert",
        aria_live="assertive",
        aria_atomic="true",
    )


def _after_answers(submission: Submission) -> rx.Component:
    """Mounted anew (its key) on each answer once this page has submitted: focuses the first invalid field."""
    return rx.cond(
        submission.sent.value >= 0,
        rx.fragment(
            rx.el.span(hidden=True, on_mount=step("focusFirstInvalid", submission.form_id)), key=submission.answered
        ),
    )


def _wait_timer(submission: Submission, timeout_ms: int) -> rx.Component:
    return rx.cond(
        submission.busy,
        WaitTimer.create(
            aria_hidden="true",
            on_animation_end=submission.late.set_value(submission.answered),
            class_name=(
                "pointer-events-none absolute h-px w-px opacity-0 animate-ping "
                f"[animation-duration:{timeout_ms}ms] [animation-iteration-count:1]"
            ),
        ),
    )


def kept_start(form_id: str, start_token: rx.Var[str]) -> rx.Component:
    """The hidden field posting the form's signed start: the latest the server sent, kept in the browser."""
    kept = client_state(f"start-{form_id}", "")
    return rx.fragment(
        rx.cond(
            start_token != "",
            rx.fragment(rx.el.span(hidden=True, on_mount=kept.set_value(start_token)), key=start_token),
        ),
        rx.el.input(
            type="hidden",
            name=forms.START_TOKEN_NAME,
            value=rx.cond(start_token != "", start_token, kept.value),  # React lets a hidden input be controlled
        ),
    )


def submit_bar(
    submission: Submission,
    alert: rx.Var[str],
    label: str,
    busy_label: str,
    timeout_ms: int,
    cancel: tuple[str, str] | None = None,
) -> rx.Component:
    """Messages and the submit button (``cancel``: the label and dialog id of a Cancel button beside it)."""
    busy = submission.busy
    return rx.el.div(
        _messages(submission, alert),
        rx.el.div(
            rx.el.button(cancel[0], type="button", on_click=close_modal(cancel[1]), class_name=_CANCEL)
            if cancel
            else rx.fragment(),
            rx.el.button(
                rx.cond(busy, rx.fragment(busy_label), rx.fragment(label)),
                type="submit",
                custom_attrs={"aria-disabled": rx.cond(busy, "true", None)},
                class_name=_BUTTON,
            ),
            class_name="flex flex-wrap justify-end gap-3",
        ),
        _wait_timer(submission, timeout_ms),
        _after_answers(submission),
        class_name="relative space-y-4",
    )
