"""The shell every lead form shares: honeypot, error alert, submit button and the <form> itself."""

from __future__ import annotations

import reflex as rx
from reflex.components.core.banner import has_connection_errors

from ..content import forms
from ..content.types import LeadFormCopy
from ..layout.page import frame
from ..state.lead_form import browser_info_script
from .success_modal import success_modal


def honeypot(form_id: str) -> rx.Component:
    """A field people never see or reach; bots that fill every input give themselves away."""
    field_id = f"{form_id}-{forms.HONEYPOT_NAME}"
    return rx.el.div(
        rx.el.label(forms.HONEYPOT_LABEL, html_for=field_id),
        rx.el.input(type="text", name=forms.HONEYPOT_NAME, id=field_id, tab_index=-1, auto_complete="off"),
        aria_hidden="true",
        class_name="absolute -left-[10000px] top-auto h-px w-px overflow-hidden",
    )


def form_alert(message: rx.Var[str]) -> rx.Component:
    """Spec section 8: "Error" plus a plain sentence; also shown while the server is unreachable."""
    text = rx.cond(message != "", message, forms.OFFLINE_TEXT)
    return rx.el.div(
        rx.cond(
            (message != "") | has_connection_errors,
            rx.el.div(
                rx.el.p(forms.ERROR_TITLE, class_name="font-semibold"),
                rx.el.p(text),
                class_name="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800",
            ),
        ),
        role="alert",
        aria_live="assertive",
    )


def submit_button(label: str, busy: rx.Var[bool], **props) -> rx.Component:
    """Disabled while a submission is in flight, so a double click sends one request."""
    return rx.el.button(
        rx.cond(busy, forms.SUBMIT_BUSY_LABEL, label),
        type="submit",
        disabled=busy,
        aria_busy=rx.cond(busy, "true", "false"),
        class_name=(
            "inline-flex items-center justify-center rounded-full bg-sky-800 px-8 py-3 font-semibold text-white "
            "hover:bg-sky-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40 "
            "disabled:cursor-wait disabled:opacity-70"
        ),
        **props,
    )


def lead_form(form_id: str, state, *children: rx.Component, submit_label: str, on_submit=None,
              actions: tuple[rx.Component, ...] = (), start_on_mount: bool = True) -> rx.Component:
    """A form that posts once and keeps input after any error; its state starts on mount unless
    the caller starts it (a form inside a dialog starts when the dialog opens)."""
    mount = {"on_mount": rx.call_script(browser_info_script(), callback=state.start)} if start_on_mount else {}
    return rx.el.form(
        honeypot(form_id),
        *children,
        form_alert(state.alert),
        rx.el.div(*actions, submit_button(submit_label, state.submitting), class_name="flex justify-end gap-3"),
        id=form_id,
        on_submit=on_submit or state.submit,
        reset_on_submit=False,
        class_name="relative space-y-6",
        **mount,
    )


def form_page(heading: str, intro: str, *children: rx.Component) -> rx.Component:
    """A form page's body: the one h1, an introduction and a card holding the form."""
    return rx.el.section(
        rx.el.div(
            rx.el.h1(heading, class_name="text-3xl font-bold text-slate-900 md:text-4xl"),
            rx.el.p(intro, class_name="mt-3 max-w-2xl text-lg text-slate-700"),
            class_name="mx-auto max-w-4xl px-4 pt-12",
        ),
        rx.el.div(
            rx.el.div(
                *children,
                class_name="mx-auto max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-10",
            ),
            class_name="my-8 px-4",
        ),
        class_name="bg-gradient-to-b from-sky-50 to-white pb-12",
    )


def lead_form_page(copy: LeadFormCopy, form_id: str, state, *children: rx.Component, on_submit=None,
                   video_src: str = "", video_title: str = "") -> rx.Component:
    """A whole form page: heading, the form with the given controls, and its success modal."""
    return frame(
        form_page(
            copy.heading,
            copy.intro,
            lead_form(form_id, state, *children, submit_label=copy.submit_label, on_submit=on_submit),
        ),
        success_modal(copy.success, state.submitted, f"{form_id}-success", video_src, video_title),
    )
