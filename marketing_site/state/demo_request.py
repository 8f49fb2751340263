"""/SchedulSingleDemo: a demo of the product the visitor last chose (localStorage product-name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reflex as rx

from marketing_site.leads.service import LeadKind
from marketing_site.state.lead_form import LeadFormMixin
from marketing_site.state.slot_picker import SlotPickerMixin


class DemoRequestState(SlotPickerMixin, LeadFormMixin, rx.State):
    KIND = LeadKind.PRODUCT_DEMO

    product: str = ""

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        self.product = self._chosen_product(browser)
        self._start_picker(browser)
