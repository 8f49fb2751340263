"""/signup: sign up to watch the Student Smart demo, which plays in the success modal."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.forms.form_fields import consent_group, field_grid
from marketing_site.content import forms
from marketing_site.layout.page import PageSpec
from marketing_site.pages.form_page import lead_form_page
from marketing_site.state.signup import SignupDemoState as State

FORM_ID = "signup-demo"


def signup_page() -> rx.Component:
    return lead_form_page(
        forms.SIGNUP,
        FORM_ID,
        State,
        field_grid(forms.SIGNUP.fields, FORM_ID, State.errors),
        consent_group(FORM_ID, State.errors),
        video=forms.SIGNUP_VIDEO,
        video_title=forms.SIGNUP_VIDEO_TITLE,
    )


PAGES = (PageSpec(routes.SIGNUP, forms.SIGNUP.seo, signup_page),)
