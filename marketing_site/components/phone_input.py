"""International phone field (react-phone-number-input) that posts E.164 with its form.

The library is wrapped as a Python component (lazily imported: `rx.NoSSRComponent`). The number lives
in browser-only state and is mirrored into a hidden input, so it travels with the form's own submit
and no keystroke reaches the server. The library, its bundled SVG flags (Windows shows flag emoji as
bare letters; the library's default fetches images from a CDN) and the page language's country names
load only when the field is shown (browser_steps.js `loadPhoneField`), behind a same-size placeholder.
Its country follows the form's Country select until the visitor picks one in the field itself or types
a number (the library's own rule for a changed default country), so an Omani number typed after
choosing Oman is read as Omani.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import passthrough_event_spec
from reflex.vars.function import ArgsFunctionOperation

from marketing_site.build.phone_labels import labels_path
from marketing_site.components.browser_steps import client_state, step
from marketing_site.components.building import building_page
from marketing_site.i18n.languages import DEFAULT

PACKAGE = "react-phone-number-input@3.4.18"


class PhoneInput(rx.NoSSRComponent):
    """`<PhoneInput>`: country drop-down with flags plus the number field."""

    library = PACKAGE
    tag = "PhoneInput"
    is_default = True

    value: rx.Var[str]
    default_country: rx.Var[str]
    international: rx.Var[bool]
    country_calling_code_editable: rx.Var[bool]
    flags: rx.Var[dict]
    labels: rx.Var[dict]
    placeholder: rx.Var[str]
    auto_complete: rx.Var[str]
    required: rx.Var[bool]

    on_change: rx.EventHandler[passthrough_event_spec(str)]

    def add_imports(self) -> dict[str, str]:
        return {"": "react-phone-number-input/style.css"}


def chosen_country(form_id: str):
    """The region code of the country chosen in the form's Country select ("" until one is chosen)."""
    return client_state(f"country-{form_id}", "")


def on_country_chosen(form_id: str) -> rx.Var:
    """The Country select's `on_change`: its chosen option's region code (`data-region`, set by
    form_fields.py) becomes the phone field's country, with no table of regions in the page's code."""
    region = rx.Var("event.target.selectedOptions[0]?.dataset.region ?? ''")
    return ArgsFunctionOperation.create(("_name", "event"), chosen_country(form_id).set.call(region))


def _region(form_id: str, default_country: str, follows_country: bool) -> str | rx.Var[str]:
    """The chosen country's region, or ``default_country`` before one is chosen (or in a form without
    a Country select)."""
    if not follows_country:
        return default_country
    chosen = chosen_country(form_id).value
    return rx.cond(chosen != "", chosen, default_country)


def _placeholder() -> rx.Component:
    """Same box as the loaded field (flag slot, arrow, an empty text line), so swapping it in shifts nothing."""
    return rx.el.div(
        rx.el.div(
            rx.el.div(class_name="PhoneInputCountryIcon PhoneInputCountryIcon--border"),
            rx.el.div(class_name="PhoneInputCountrySelectArrow"),
            class_name="PhoneInputCountry",
        ),
        rx.el.span(class_name="PhoneInputInput h-6"),
        aria_hidden="true",
        class_name="PhoneInput min-w-0 flex-1",
    )


def phone_input(
    name: str,
    element_id: str,
    form_id: str,
    default_country: str,
    required: bool,
    shown: rx.Var[bool] | None = None,
    follows_country: bool = True,
    **props,
) -> rx.Component:
    """A phone field whose form value is the E.164 number (the server re-validates it); it loads once on
    screen, or once ``shown`` turns true (a field in a closed dialog)."""
    page = building_page()
    language = page.language if page else DEFAULT
    number = client_state(f"phone-{element_id}", "")
    parts = client_state(f"phone-parts-{language.code}", None)  # {flags, labels} once loaded
    loader = rx.el.span(hidden=True, on_mount=step("loadPhoneField", labels_path(language), parts.set))
    field = PhoneInput.create(
        id=element_id,
        value=number.value,
        on_change=number.set,
        default_country=_region(form_id, default_country, follows_country),
        international=True,
        country_calling_code_editable=False,
        flags=parts.value.to(dict)["flags"].to(dict),
        labels=parts.value.to(dict)["labels"].to(dict),
        required=required,
        class_name="min-w-0 flex-1",
        **props,
    )
    return rx.el.div(
        # Phone numbers read left to right in every language (dialling order), on Arabic pages too.
        rx.cond(parts.value, field, rx.fragment(_placeholder(), loader if shown is None else rx.cond(shown, loader))),
        rx.el.input(type="hidden", name=name, value=rx.cond(number.value, number.value, "")),
        dir="ltr",
        class_name="flex min-h-6 min-w-0 flex-1",
    )
