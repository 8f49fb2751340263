"""International phone input (react-phone-number-input) that posts E.164 with its form.

`phone_input.jsx` keeps the number in browser-local React state and mirrors it into a hidden
input, so it travels with the form's own submit and no keystroke reaches the server. The library
and its metadata load only when the field nears the viewport (a dialog's field: when it opens),
behind a same-size placeholder; its bundled SVG flags come in the same lazy chunk (no CDN).
"""

from __future__ import annotations

import reflex as rx

from marketing_site.build.phone_labels import labels_path
from marketing_site.components.building import building_page
from marketing_site.i18n.languages import DEFAULT

PACKAGE = "react-phone-number-input@3.4.18"


class PhoneNumberField(rx.Component):
    """`<PhoneNumberField>`: country drop-down with flags plus the number field."""

    library = rx.asset("phone_input.jsx", shared=True).importable_path
    lib_dependencies: list[str] = [PACKAGE]  # noqa: RUF012 - Reflex reads it as a class attribute
    tag = "PhoneNumberField"

    name: rx.Var[str]
    id: rx.Var[str]
    default_country: rx.Var[str]
    required: rx.Var[bool]
    placeholder: rx.Var[str]
    auto_complete: rx.Var[str]
    input_class_name: rx.Var[str]
    labels_url: rx.Var[str]  # the page language's country names (phone_labels.py); "" keeps English


def phone_input(name: str, element_id: str, default_country: str, required: bool, **props) -> rx.Component:
    """A phone field whose form value is the E.164 number (the server re-validates it)."""
    page = building_page()
    return PhoneNumberField.create(
        labels_url=labels_path(page.language if page else DEFAULT),
        name=name,
        id=element_id,
        default_country=default_country,
        required=required,
        **props,
    )
