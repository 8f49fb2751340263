"""/careers: the job application (spec section 3) with an optional résumé upload."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.browser import upload_chooser
from marketing_site.components.browser_steps import step
from marketing_site.components.forms.form_fields import LABEL, control_id, field_error, field_grid
from marketing_site.content import forms
from marketing_site.layout.page import PageSpec
from marketing_site.leads.uploads import FIELD as RESUME_FIELD
from marketing_site.leads.uploads import size_text
from marketing_site.pages.form_page import lead_form_page
from marketing_site.pages.position_page import open_positions
from marketing_site.settings import settings
from marketing_site.state.careers import UPLOAD_ID
from marketing_site.state.careers import CareersState as State

FORM_ID = "careers"
# A résumé of up to 5 MB takes ~40 s on a 1 Mbit/s uplink: the form waits that much longer for its answer.
RESUME_UPLOAD_SECONDS = 45


def _label_file_input(upload: rx.Component, input_id: str, described_by: str) -> rx.Component:
    """rx.upload renders its own bare <input type=file>; give it an id for the <label> and a description."""
    file_input = upload.children[0].children[0]
    file_input.id = input_id
    file_input.name = input_id  # Reflex 0.11 submits controls by name only; the file itself is uploaded apart
    file_input.custom_attrs = {**file_input.custom_attrs, "aria-describedby": described_by}
    return upload


def resume_upload() -> rx.Component:
    """Drop zone and file picker; the browser limits type and size, the server checks both again."""
    input_id = control_id(FORM_ID, RESUME_FIELD)
    hint_id = f"{input_id}-hint"
    zone = rx.upload.root(
        rx.el.div(
            rx.el.span(forms.RESUME_BUTTON, class_name="font-semibold text-sky-800"),
            rx.el.span(
                rx.cond(rx.selected_files(UPLOAD_ID).length() > 0, rx.selected_files(UPLOAD_ID)[0], ""),
                id=f"{FORM_ID}-resume-name",
                # A file chosen before the page's scripts ran (a slow phone): react-dropzone never saw it.
                on_mount=step("chooseEarlyFile", input_id, upload_chooser(UPLOAD_ID)),
                class_name="block text-sm text-slate-800",
            ),
            class_name="flex flex-col items-center gap-1",
        ),
        id=UPLOAD_ID,
        accept=forms.RESUME_ACCEPT,
        max_size=settings.max_resume_bytes,
        max_files=1,
        multiple=False,
        class_name=(
            "mt-1 cursor-pointer rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center "
            "hover:border-sky-700 focus-within:ring-2 focus-within:ring-sky-700/30"
        ),
    )
    return rx.el.div(
        rx.el.label(forms.RESUME_LABEL, html_for=input_id, class_name=LABEL),
        _label_file_input(zone, input_id, f"{hint_id} {input_id}-error"),
        rx.el.p(
            forms.RESUME_HINT.format(size=size_text(settings.max_resume_bytes)),
            id=hint_id,
            class_name="mt-1 text-sm text-slate-600",
        ),
        field_error(FORM_ID, RESUME_FIELD, State.errors),
    )


def careers_page() -> rx.Component:
    return lead_form_page(
        forms.CAREERS,
        FORM_ID,
        State,
        open_positions(),
        field_grid(forms.CAREERS.fields, FORM_ID, State.errors),
        resume_upload(),
        on_submit=lambda form_data: State.apply(rx.upload_files(upload_id=UPLOAD_ID), form_data),
        timeout_seconds=settings.form_timeout_seconds + RESUME_UPLOAD_SECONDS,
    )


PAGES = (PageSpec(routes.CAREERS, forms.CAREERS.seo, careers_page),)
