"""/schedule: the Schedule a demo form."""

from __future__ import annotations

import reflex as rx

from ..leads.service import LeadKind
from .lead_form import LeadFormMixin


class ScheduleDemoState(LeadFormMixin, rx.State):
    KIND = LeadKind.SCHEDULE_DEMO
