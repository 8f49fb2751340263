"""Module pages' Watch Video: the 'Add Information' lead, then that module's video."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reflex as rx

from marketing_site.leads.service import LeadKind
from marketing_site.state.lead_form import LeadFormMixin

DIALOG_ID = "product-video-dialog"


class ProductVideoState(LeadFormMixin, rx.State):
    KIND = LeadKind.PRODUCT_VIDEO

    product: str = ""

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        self.product = self._chosen_product(browser)

    def _payload(self, data: dict[str, Any]) -> dict[str, Any]:
        # The Product field is disabled (spec section 5), so the browser does not post it.
        return {**data, "product": self.product}
