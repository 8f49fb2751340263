"""Labelled form controls with an error slot, built from FormField records.

Controls are uncontrolled native inputs: the browser keeps what the visitor typed, and the form
posts everything at once. Each control is linked to its server-side error message by
aria-describedby, so screen readers read the message with the field.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.forms.phone_input import country_at_mount, on_country_chosen, phone_input
from marketing_site.content import forms
from marketing_site.content.countries import COUNTRY_REGIONS
from marketing_site.content.types import Choice, FormField

INPUT = (
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 "
    "placeholder:text-slate-400 focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700/30 "
    "aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600"
)
_PHONE = (
    "mt-1 flex w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 "
    "focus-within:border-sky-700 focus-within:ring-2 focus-within:ring-sky-700/30 "
    "has-[input[aria-invalid=true]]:border-red-600 "
    "[&_input]:border-0 [&_input]:bg-transparent [&_input]:text-slate-900 [&_input]:outline-none"
)
LABEL = "block text-sm font-medium text-slate-800"
CHECKBOX = "mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-sky-700 focus:ring-2 focus:ring-sky-700"


def control_id(form_id: str, name: str) -> str:
    return f"{form_id}-{name}"


def _error_id(form_id: str, name: str) -> str:
    return f"{control_id(form_id, name)}-error"


def _aria(form_id: str, name: str, errors: rx.Var) -> dict:
    return {
        "aria-invalid": rx.cond(errors.contains(name), "true", "false"),
        "aria-describedby": _error_id(form_id, name),
    }


def field_error(form_id: str, name: str, errors: rx.Var) -> rx.Component:
    """The server's message for one field, shown right under it."""
    return rx.el.p(
        rx.cond(errors.contains(name), errors[name].to(str), ""),
        id=_error_id(form_id, name),
        class_name="mt-1 min-h-0 text-sm font-medium text-red-700 empty:hidden",
    )


def _label(spec: FormField, form_id: str) -> rx.Component:
    star = forms.REQUIRED_MARK if spec.required or spec.starred else ""
    return rx.el.label(
        spec.label,
        rx.el.span(f" {star}", aria_hidden="true", class_name="text-red-700") if star else rx.fragment(),
        html_for=control_id(form_id, spec.name),
        class_name=LABEL,
    )


def _control(
    spec: FormField, form_id: str, errors: rx.Var, shown: rx.Var[bool] | None, has_country: bool
) -> rx.Component:
    common = {
        "id": control_id(form_id, spec.name),
        "name": spec.name,
        "required": spec.required,
        "auto_complete": spec.autocomplete,
        "custom_attrs": _aria(form_id, spec.name, errors),
    }
    if spec.kind == "phone":
        return rx.el.div(
            phone_input(
                spec.name,
                common["id"],
                form_id,
                forms.DEFAULT_PHONE_COUNTRY,
                spec.required,
                shown,
                has_country,
                auto_complete=spec.autocomplete,
                placeholder=spec.placeholder,
                custom_attrs=common["custom_attrs"],
            ),
            class_name=_PHONE,
        )
    if spec.kind == "select":
        # The Country select tells the form's phone field which country a national number belongs to.
        country = spec.name == "country"
        chosen = (
            {"on_change": on_country_chosen(form_id), "on_mount": country_at_mount(form_id, common["id"])}
            if country
            else {}
        )
        return rx.el.select(
            rx.el.option(forms.SELECT_PLACEHOLDER, value=""),
            *[
                rx.el.option(
                    option, value=option, custom_attrs={"data-region": COUNTRY_REGIONS[option]} if country else {}
                )
                for option in spec.options
            ],
            default_value="",
            class_name=INPUT,
            **chosen,
            **common,
        )
    if spec.kind == "textarea":
        return rx.el.textarea(placeholder=spec.placeholder, rows=4, class_name=INPUT, **common)
    if spec.kind == "datalist":
        list_id = f"{common['id']}-options"
        # A suggestion is its text (no value): the page's language shows and fills in its own name,
        # which the lead service stores under the English one (leads/validation.py, _choose).
        return rx.fragment(
            rx.el.input(type="text", list=list_id, placeholder=spec.placeholder, class_name=INPUT, **common),
            rx.el.datalist(*[rx.el.option(option) for option in spec.options], id=list_id),
        )
    return rx.el.input(type=spec.kind, placeholder=spec.placeholder, class_name=INPUT, **common)


def form_field(
    spec: FormField,
    form_id: str,
    errors: rx.Var,
    class_name: str = "",
    shown: rx.Var[bool] | None = None,
    has_country: bool = False,
) -> rx.Component:
    """Label, control and error slot for one field (``shown``, ``has_country``: see field_grid)."""
    return rx.el.div(
        _label(spec, form_id),
        _control(spec, form_id, errors, shown, has_country),
        field_error(form_id, spec.name, errors),
        class_name=class_name,
    )


def checkbox(choice: Choice, form_id: str, errors: rx.Var, required: bool = False, **props) -> rx.Component:
    """A Yes/No flag: posts "Yes" when ticked and nothing otherwise (the service reads that as No)."""
    return rx.el.div(
        rx.el.label(
            rx.el.input(
                type="checkbox",
                name=choice.name,
                value="Yes",
                required=required,
                id=control_id(form_id, choice.name),
                class_name=CHECKBOX,
                custom_attrs=_aria(form_id, choice.name, errors),
                **props,
            ),
            rx.el.span(choice.label),
            class_name="flex items-start gap-2 text-sm text-slate-800",
        ),
        field_error(form_id, choice.name, errors),
    )


def choice_group(
    legend: str,
    choices: tuple[Choice, ...],
    form_id: str,
    errors: rx.Var,
    *leading: rx.Component,
    required: bool = False,
    columns: str = "sm:grid-cols-2",
) -> rx.Component:
    """A fieldset of checkboxes, optionally led by extra controls (Select All)."""
    return rx.el.fieldset(
        rx.el.legend(legend, class_name="mb-2 text-sm font-semibold text-slate-900"),
        *leading,
        rx.el.div(
            *[checkbox(choice, form_id, errors, required=required) for choice in choices],
            class_name=f"grid gap-2 {columns}",
        ),
        class_name="rounded-xl border border-slate-200 p-4",
    )


def field_grid(
    fields: tuple[FormField, ...], form_id: str, errors: rx.Var, shown: rx.Var[bool] | None = None
) -> rx.Component:
    """Fields two to a row on wide screens; long text spans the row. In a dialog, ``shown`` (true once it
    opened) holds back the phone field's library until then. A phone field follows the grid's Country
    select, if it has one."""
    has_country = any(spec.name == "country" for spec in fields)
    return rx.el.div(
        *[
            form_field(spec, form_id, errors, "sm:col-span-2" if spec.kind == "textarea" else "", shown, has_country)
            for spec in fields
        ],
        class_name="grid gap-x-6 gap-y-5 sm:grid-cols-2",
    )


def consent_group(form_id: str, errors: rx.Var) -> rx.Component:
    """Both consent boxes, required by the browser and re-checked by the service."""
    return choice_group(forms.CONSENT_LEGEND, forms.CONSENT_CHOICES, form_id, errors, required=True, columns="")
