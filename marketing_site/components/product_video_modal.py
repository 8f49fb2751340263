"""Watch Video on a module page: the 'Add Information' lead dialog, then that module's video.

The dialog is native <dialog> (`lead_dialog.jsx`: focus trap, Escape and Cancel close it in the
browser); only the submit talks to the server. The Product field shows localStorage
`product-name`, falling back to the module of the page, and is disabled as spec section 5 asks.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.form_fields import INPUT, LABEL, control_id, field_grid
from marketing_site.components.lead_form import LeadDialog, lead_form
from marketing_site.components.success_modal import success_modal
from marketing_site.content import forms
from marketing_site.content.types import Module
from marketing_site.state.product_video import DIALOG_ID
from marketing_site.state.product_video import ProductVideoState as State

FORM_ID = "product-video"


def _product_field() -> rx.Component:
    field_id = control_id(FORM_ID, "product")
    return rx.el.div(
        rx.el.label(forms.PRODUCT_FIELD_LABEL, html_for=field_id, class_name=LABEL),
        rx.el.input(id=field_id, value=State.product, disabled=True, read_only=True, class_name=INPUT),
    )


def product_video_modal(module: Module, button_label: str, button_class: str) -> rx.Component:
    """The Watch Video button (id `watch-video`), its lead dialog and the success modal with the video."""
    copy = forms.PRODUCT_VIDEO
    title_id = f"{DIALOG_ID}-title"
    return rx.fragment(
        LeadDialog.create(
            rx.el.div(
                rx.el.h2(copy.heading, id=title_id, class_name="text-2xl font-bold text-slate-900"),
                rx.el.p(copy.intro, class_name="mt-1 text-slate-700"),
                lead_form(
                    FORM_ID,
                    State,
                    field_grid(copy.fields, FORM_ID, State.errors),
                    _product_field(),
                    submit_label=copy.submit_label,
                    cancel_label=forms.CANCEL_LABEL,
                    start_on_mount=False,
                ),
                class_name="space-y-4 rounded-2xl bg-white p-6 text-start shadow-2xl md:p-8",
            ),
            dialog_id=DIALOG_ID,
            title_id=title_id,
            trigger_id="watch-video",
            trigger_label=button_label,
            fallback_product=module.name,
            done=State.submitted,
            on_open=State.start,
            class_name=(
                "m-auto max-h-[calc(100dvh-2rem)] w-[min(92vw,40rem)] bg-transparent p-0 backdrop:bg-slate-950/70"
            ),
            trigger_class_name=button_class,
        ),
        success_modal(copy.success, State.submitted, f"{FORM_ID}-success", module.video, f"{module.name} video"),
    )
