"""/signup: sign up to watch the Student Smart demo; the school website is kept with the lead."""

from __future__ import annotations

import reflex as rx

from marketing_site.leads.service import LeadKind
from marketing_site.state.lead_form import LeadFormMixin


class SignupDemoState(LeadFormMixin, rx.State):
    KIND = LeadKind.SIGNUP_DEMO
