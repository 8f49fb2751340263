"""/signup: sign up to watch the Student Smart demo, which plays in the success modal."""

from __future__ import annotations

import reflex as rx

from ..components.form_fields import consent_group, field_grid
from ..components.lead_form import form_page, lead_form
from ..components.success_modal import success_modal
from ..content import forms
from ..layout.page import PageSpec, frame
from ..state.signup import SignupDemoState as State

FORM_ID = "signup-demo"


def signup_page() -> rx.Component:
    copy = forms.SIGNUP
    return frame(
        form_page(
            copy.heading,
            copy.intro,
            lead_form(
                FORM_ID,
                State,
                field_grid(copy.fields, FORM_ID, State.errors),
                consent_group(FORM_ID, State.errors),
                submit_label=copy.submit_label,
            ),
        ),
        success_modal(copy.success, State.submitted, f"{FORM_ID}-success", forms.SIGNUP_VIDEO, forms.SIGNUP_VIDEO_TITLE),
    )


PAGES = (PageSpec("/signup", forms.SIGNUP.seo, signup_page),)
