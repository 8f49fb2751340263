"""/schedule: the Schedule a demo form, then a free time to book (the slot picker)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reflex as rx

from marketing_site.leads.service import LeadKind
from marketing_site.state.lead_form import LeadFormMixin
from marketing_site.state.slot_picker import SlotPickerMixin


class ScheduleDemoState(SlotPickerMixin, LeadFormMixin, rx.State):
    KIND = LeadKind.SCHEDULE_DEMO

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        self._start_picker(browser)
