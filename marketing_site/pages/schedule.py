"""/schedule: Schedule a demo, with module-interest and responsibility checkboxes."""

from __future__ import annotations

import json

import reflex as rx

from marketing_site import routes
from marketing_site.components.forms.form_fields import CHECKBOX, choice_group, consent_group, control_id, field_grid
from marketing_site.components.forms.slot_picker import picker_booked, slot_picker
from marketing_site.content import forms
from marketing_site.content.booking import SLOT_PICKER
from marketing_site.layout.page import PageSpec
from marketing_site.pages.form_page import lead_form_page
from marketing_site.state.schedule import ScheduleDemoState as State

FORM_ID = "schedule-demo"


def select_all(form_id: str) -> rx.Component:
    """Ticks or clears every module box in the browser; the boxes themselves post the flags."""
    box_id = control_id(form_id, "select-all")
    names = json.dumps([choice.name for choice in forms.MODULE_CHOICES])
    # One expression (run_script compiles it into the bundle; call_script's eval is refused by the CSP).
    script = (
        f"{names}.forEach(name => {{ document.getElementById('{form_id}').elements[name].checked = "
        f"document.getElementById('{box_id}').checked; }})"
    )
    return rx.el.label(
        rx.el.input(
            type="checkbox", id=box_id, name=box_id, class_name=CHECKBOX, on_change=rx.run_script(script)
        ),  # named: Reflex 0.11 submits controls by name only (the lead service ignores it)
        rx.el.span(forms.SELECT_ALL_LABEL, class_name="font-semibold"),
        class_name="mb-3 flex items-start gap-2 text-sm text-slate-900",
    )


def schedule_page() -> rx.Component:
    return lead_form_page(
        forms.SCHEDULE,
        FORM_ID,
        State,
        field_grid(forms.SCHEDULE.fields, FORM_ID, State.errors),
        choice_group(forms.MODULES_LEGEND, forms.MODULE_CHOICES, FORM_ID, State.errors, select_all(FORM_ID)),
        choice_group(forms.RESPONSIBILITIES_LEGEND, forms.RESPONSIBILITY_CHOICES, FORM_ID, State.errors),
        consent_group(FORM_ID, State.errors),
        after_success=slot_picker(State, SLOT_PICKER, f"{FORM_ID}-slots"),
        success_text_shown=~picker_booked(State),
    )


PAGES = (PageSpec(routes.SCHEDULE, forms.SCHEDULE.seo, schedule_page),)
