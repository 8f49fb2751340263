"""Watch Video on a module page: the 'Add Information' lead dialog, then that module's video.

The dialog is native <dialog> (focus trap, Escape and Cancel close it in the browser); only the
submit talks to the server. The Product field shows localStorage `product-name`, falling back to
the module of the page, and is disabled as spec section 5 asks.
"""

from __future__ import annotations

import reflex as rx

from ..content import forms
from ..content.types import Module
from ..state.lead_form import browser_info_script
from ..state.product_video import DIALOG_ID, ProductVideoState as State
from .form_fields import INPUT, LABEL, control_id, field_grid
from .lead_form import lead_form
from .success_modal import success_modal

FORM_ID = "product-video"
_CANCEL = (
    "inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-3 "
    "font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40"
)


def _product_field() -> rx.Component:
    field_id = control_id(FORM_ID, "product")
    return rx.el.div(
        rx.el.label(forms.PRODUCT_FIELD_LABEL, html_for=field_id, class_name=LABEL),
        rx.el.input(id=field_id, value=State.product, disabled=True, read_only=True, class_name=INPUT),
    )


def _dialog() -> rx.Component:
    copy = forms.PRODUCT_VIDEO
    title_id = f"{DIALOG_ID}-title"
    return rx.el.dialog(
        rx.el.div(
            rx.el.h2(copy.heading, id=title_id, class_name="text-2xl font-bold text-slate-900"),
            rx.el.p(copy.intro, class_name="mt-1 text-slate-700"),
            lead_form(
                FORM_ID,
                State,
                field_grid(copy.fields, FORM_ID, State.errors),
                _product_field(),
                submit_label=copy.submit_label,
                actions=(
                    rx.el.button(forms.CANCEL_LABEL, type="button", class_name=_CANCEL,
                                 on_click=rx.call_script(f"document.getElementById('{DIALOG_ID}').close()")),
                ),
                start_on_mount=False,
            ),
            class_name="space-y-4 rounded-2xl bg-white p-6 text-left shadow-2xl md:p-8",
        ),
        id=DIALOG_ID,
        aria_labelledby=title_id,
        class_name="m-auto w-[min(92vw,40rem)] bg-transparent p-0 backdrop:bg-slate-950/70",
    )


def product_video_modal(module: Module, button_label: str, button_class: str) -> rx.Component:
    """The Watch Video button (id `watch-video`), its lead dialog and the success modal with the video."""
    open_dialog = rx.call_script(f"document.getElementById('{DIALOG_ID}').showModal()")
    return rx.fragment(
        rx.el.button(
            button_label,
            type="button",
            id="watch-video",
            aria_haspopup="dialog",
            on_click=[open_dialog, rx.call_script(browser_info_script(module.name), callback=State.start)],
            class_name=button_class,
        ),
        _dialog(),
        success_modal(forms.PRODUCT_VIDEO.success, State.submitted, f"{FORM_ID}-success", module.video,
                      f"{module.name} video"),
    )
