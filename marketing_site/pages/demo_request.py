"""/SchedulSingleDemo: a demo request for the product the visitor chose last."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.browser_steps import browser_info, client_state
from marketing_site.components.forms.form_fields import CHECKBOX, consent_group, control_id, field_error, field_grid
from marketing_site.components.forms.slot_picker import picker_booked, slot_picker
from marketing_site.content import forms
from marketing_site.content.booking import SLOT_PICKER
from marketing_site.layout.page import PageSpec
from marketing_site.pages.form_page import lead_form_page
from marketing_site.state.demo_request import DemoRequestState as State

FORM_ID = "demo-request"


def product_choice() -> rx.Component:
    """The product read from localStorage `product-name` in the browser as the page mounts (no server: it
    shows before any connection), ticked; unticking sends no product."""
    chosen = client_state(f"{FORM_ID}-product", "")
    return rx.el.fieldset(
        rx.el.legend(forms.PRODUCT_LEGEND, class_name="mb-2 text-sm font-semibold text-slate-900"),
        rx.el.span(hidden=True, on_mount=chosen.set_value(browser_info().to(dict)["product"].to(str))),
        rx.cond(
            chosen.value != "",
            rx.el.label(
                rx.el.input(
                    type="checkbox",
                    name="product",
                    value=chosen.value,
                    default_checked=True,
                    id=control_id(FORM_ID, "product"),
                    class_name=CHECKBOX,
                ),
                rx.el.span(chosen.value),
                class_name="flex items-start gap-2 text-sm text-slate-800",
            ),
            rx.el.p(forms.NO_PRODUCT_TEXT, class_name="text-sm text-slate-700"),
        ),
        field_error(FORM_ID, "product", State.errors),
        class_name="rounded-xl border border-slate-200 p-4",
    )


def demo_request_page() -> rx.Component:
    return lead_form_page(
        forms.DEMO_REQUEST,
        FORM_ID,
        State,
        product_choice(),
        field_grid(forms.DEMO_REQUEST.fields, FORM_ID, State.errors),
        consent_group(FORM_ID, State.errors),
        after_success=slot_picker(State, SLOT_PICKER, f"{FORM_ID}-slots"),
        success_text_shown=~picker_booked(State),
    )


PAGES = (PageSpec(routes.DEMO_REQUEST, forms.DEMO_REQUEST.seo, demo_request_page),)
