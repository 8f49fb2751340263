"""Watch Video on a module page: the 'Add Information' lead dialog, then that module's video.

The dialog is a native <dialog> shown as a modal (native_dialog.py: focus trap, Escape, the browser
focuses its first field, so the first keystroke lands there; Cancel closes it); opening it starts the
form with the browser's info and shows its phone field. Only the submit talks to the server, and the
success modal closes this dialog as it opens. The Product field shows localStorage `product-name`,
falling back to the module of the page, and is disabled as spec section 5 asks.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.browser_steps import browser_info, client_state
from marketing_site.components.forms.form_fields import INPUT, LABEL, control_id, field_grid
from marketing_site.components.forms.lead_form import lead_form
from marketing_site.components.forms.submit_bar import Submission
from marketing_site.components.forms.success_modal import success_modal
from marketing_site.components.native_dialog import NativeDialog, show_modal
from marketing_site.content import forms
from marketing_site.content.types import Module
from marketing_site.state.product_video import DIALOG_ID
from marketing_site.state.product_video import ProductVideoState as State

FORM_ID = "product-video"
TRIGGER_ID = "watch-video"


def _product_field() -> rx.Component:
    field_id = control_id(FORM_ID, "product")
    return rx.el.div(
        rx.el.label(forms.PRODUCT_FIELD_LABEL, html_for=field_id, class_name=LABEL),
        rx.el.input(id=field_id, value=State.product, disabled=True, read_only=True, class_name=INPUT),
    )


def product_video_modal(module: Module, button_label: str, button_class: str) -> rx.Component:
    """The Watch Video button, its lead dialog and the success modal with the video."""
    copy = forms.PRODUCT_VIDEO
    title_id = f"{DIALOG_ID}-title"
    opened = client_state(DIALOG_ID, False)  # once opened, its phone field loads (and stays)
    return rx.fragment(
        rx.el.button(
            button_label,
            type="button",
            id=TRIGGER_ID,
            aria_haspopup="dialog",
            aria_controls=DIALOG_ID,
            on_click=[opened.set_value(True), show_modal(DIALOG_ID), State.start(browser_info(module.name))],
            class_name=button_class,
        ),
        NativeDialog.create(
            rx.el.div(
                rx.el.h2(copy.heading, id=title_id, class_name="text-2xl font-bold text-slate-900"),
                rx.el.p(copy.intro, class_name="mt-1 text-slate-700"),
                lead_form(
                    FORM_ID,
                    State,
                    field_grid(copy.fields, FORM_ID, State.errors, shown=opened.value),
                    _product_field(),
                    submit_label=copy.submit_label,
                    cancel_dialog=DIALOG_ID,
                    start_on_focus=False,
                ),
                class_name="space-y-4 rounded-2xl bg-white p-6 text-start shadow-2xl md:p-8",
            ),
            id=DIALOG_ID,
            aria_labelledby=title_id,
            class_name=(
                "m-auto max-h-[calc(100dvh-2rem)] w-[min(92vw,40rem)] bg-transparent p-0 backdrop:bg-slate-950/70"
            ),
        ),
        success_modal(
            copy.success,
            Submission(FORM_ID, State.answered).succeeded_here(State.submitted),
            f"{FORM_ID}-success",
            module.video,
            f"{module.name} video",
            replaces=DIALOG_ID,
        ),
    )
