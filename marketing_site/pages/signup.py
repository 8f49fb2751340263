"""/signup: sign up to watch the Student Smart demo, which plays in the success modal."""

from __future__ import annotations

import reflex as rx

from .. import routes
from ..components.form_fields import consent_group, field_grid
from ..components.lead_form import lead_form_page
from ..content import forms
from ..layout.page import PageSpec
from ..state.signup import SignupDemoState as State

FORM_ID = "signup-demo"


def signup_page() -> rx.Component:
    return lead_form_page(
        forms.SIGNUP,
        FORM_ID,
        State,
        field_grid(forms.SIGNUP.fields, FORM_ID, State.errors),
        consent_group(FORM_ID, State.errors),
        video_src=forms.SIGNUP_VIDEO,
        video_title=forms.SIGNUP_VIDEO_TITLE,
    )


PAGES = (PageSpec(routes.SIGNUP, forms.SIGNUP.seo, signup_page),)
