"""/SchedulSingleDemo: a demo of the product the visitor last chose (localStorage product-name).

The page reads that product in the browser as it mounts (pages/demo_request.py), so it shows before any
connection, and posts it as its ticked box; the server only cuts it to its column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reflex as rx

from marketing_site.leads.service import LeadKind, fitted
from marketing_site.state.lead_form import LeadFormMixin
from marketing_site.state.slot_picker import SlotPickerMixin


class DemoRequestState(SlotPickerMixin, LeadFormMixin, rx.State):
    KIND = LeadKind.PRODUCT_DEMO

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        self._start_picker(browser)

    def _payload(self, data: dict[str, Any]) -> dict[str, Any]:
        # A product the visitor never typed (stored by another page) is never a reason to refuse the lead.
        return {**data, "product": fitted(data["product"], "product")} if data.get("product") else data
