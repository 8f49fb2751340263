"""The shell every lead form shares: honeypot, message region, submit button and the <form> itself."""

from __future__ import annotations

import reflex as rx
from reflex.components.core.banner import has_connection_errors

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


# Shipped next to the .jsx files of this module that import it (assets are copied per Python module).
BROWSER_INFO_MODULE = rx.asset("browser_info.js", shared=True)
BROWSER_INFO_EVENT = rx.event.passthrough_event_spec(dict[str, str])


class SubmitBar(rx.Component):
    """The React side of `submit_bar()`."""

    library = rx.asset("submit_bar.jsx", shared=True).importable_path
    tag = "SubmitBar"

    on_start: rx.EventHandler[BROWSER_INFO_EVENT]

    answered: rx.Var[int]
    alert: rx.Var[str]
    start_token: rx.Var[str]
    start_name: rx.Var[str]
    offline: rx.Var[bool]
    label: rx.Var[str]
    busy_label: rx.Var[str]
    cancel_label: rx.Var[str]
    texts: rx.Var[dict[str, str]]
    timeout_ms: rx.Var[int]
    alert_class_name: rx.Var[str]
    notice_class_name: rx.Var[str]
    button_class_name: rx.Var[str]
    cancel_class_name: rx.Var[str]


class LeadDialog(rx.Component):
    """A button opening a native modal <dialog> holding a lead form (Watch Video), started on open."""

    library = rx.asset("lead_dialog.jsx", shared=True).importable_path
    tag = "LeadDialog"

    dialog_id: rx.Var[str]
    title_id: rx.Var[str]
    trigger_id: rx.Var[str]
    trigger_label: rx.Var[str]
    fallback_product: rx.Var[str]
    done: rx.Var[bool]
    trigger_class_name: rx.Var[str]

    on_open: rx.EventHandler[BROWSER_INFO_EVENT]


def submit_bar(
    state,
    label: str,
    cancel_label: str = "",
    timeout_seconds: float = 0,
    start_on_mount: bool = True,
    answered: rx.Var[int] | None = None,
    alert: rx.Var[str] | None = None,
    busy_label: str = forms.SUBMIT_BUSY_LABEL,
    start_token: rx.Var[str] | None = None,
) -> rx.Component:
    """Message region and submit button: busy from the click, told plainly when no answer comes.
    A second form of the same state (the slot picker) passes its own ``answered`` and ``alert``; a lead
    form its state's ``start_token``, which the bar keeps and posts back (a lost server state cannot clear it)."""
    start = {"on_start": state.start} if start_on_mount else {}
    signed = {"start_token": start_token, "start_name": forms.START_TOKEN_NAME} if start_token is not None else {}
    return SubmitBar.create(
        answered=state.answered if answered is None else answered,
        alert=state.alert if alert is None else alert,
        offline=has_connection_errors,
        label=label,
        busy_label=busy_label,
        cancel_label=cancel_label,
        texts={"title": forms.ERROR_TITLE, "offline": forms.OFFLINE_TEXT, "timeout": forms.TIMEOUT_TEXT},
        timeout_ms=round(1000 * (timeout_seconds or settings.form_timeout_seconds)),
        class_name="space-y-4",
        alert_class_name="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800",
        notice_class_name="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900",
        button_class_name=(
            "inline-flex items-center justify-center rounded-full bg-sky-800 px-8 py-3 font-semibold text-white "
            "hover:bg-sky-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40 "
            "aria-disabled:cursor-wait aria-disabled:opacity-70"
        ),
        cancel_class_name=(
            "inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-3 "
            "font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-4 "
            "focus-visible:ring-sky-700/40"
        ),
        **start,
        **signed,
    )


def lead_form(
    form_id: str,
    state,
    *children: rx.Component,
    submit_label: str,
    on_submit=None,
    cancel_label: str = "",
    timeout_seconds: float = 0,
    start_on_mount: bool = True,
) -> rx.Component:
    """A form that posts once and keeps input after any error; its state starts on mount unless
    the caller starts it (a form inside a dialog starts when the dialog opens)."""
    return rx.el.form(
        honeypot(form_id),
        *children,
        submit_bar(state, submit_label, cancel_label, timeout_seconds, start_on_mount, start_token=state.start_token),
        id=form_id,
        on_submit=on_submit or state.submit,
        reset_on_submit=False,
        class_name="relative space-y-6",
    )
