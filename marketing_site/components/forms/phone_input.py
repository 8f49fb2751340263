"""The phone field: a native country <select> beside an <input type="tel">, the server validating as before.

It replaced react-phone-number-input (with libphonenumber-js and its flags, 96 KB gzip on every form
page; docs/widgets.md has the measurements of both). Both controls are in the prerendered page, so a
label points at a real field before any script runs, and typing works before hydration. The select's
face shows the chosen country's flag and calling code, the select itself (transparent, on top) its name;
it posts ``<name>Country`` (a region code) and the server writes the typed number internationally in that
country (leads/validation.py `international`) before validating it.

The country list in the page's language and the time-zone table load when the field shows (on a page as it
mounts, in a dialog once it opens): browser_steps.js `loadPhoneCountries` fetches phone-countries.json (a
static file, build/phone_countries.py) and works out the country the browser tells, time zone first
(Asia/Muscat: Oman), then its languages' region (ar-OM, en-GB). The field's country is, in order: the one
the visitor picked in the field, the form's Country select, the browser's country, Pakistan.
"""

from __future__ import annotations

import phonenumbers
import reflex as rx

from marketing_site.build.phone_countries import countries_path, country_option
from marketing_site.components.browser import arrow, js
from marketing_site.components.browser_steps import client_state, step
from marketing_site.components.building import building_page
from marketing_site.content import forms
from marketing_site.i18n.languages import DEFAULT
from marketing_site.i18n.translation import translated_text

_FACE = "pointer-events-none flex items-center gap-1 whitespace-nowrap text-slate-900 tabular-nums"
_ARROW = "h-1.5 w-1.5 rotate-45 border-b-2 border-e-2 border-slate-500"
# On top of the face, as wide and tall: a tap or a click anywhere on it opens the list.
_SELECT = "absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"


def chosen_country(form_id: str):
    """The region code of the country chosen in the form's Country select ("" until one is chosen)."""
    return client_state(f"country-{form_id}", "")


def on_country_chosen(form_id: str) -> rx.Var:
    """The Country select's `on_change`: its chosen option's region code (`data-region`, set by
    form_fields.py) becomes the phone field's country, with no table of regions in the page's code."""
    region = js("event.target.selectedOptions[0]?.dataset.region ?? ''")
    return arrow(("_name", "event"), chosen_country(form_id).set.call(region))


def country_at_mount(form_id: str, select_id: str) -> rx.Var:
    """The Country select's `on_mount`: a country chosen before the page's scripts ran (a slow phone, a
    visitor quicker than the download) had no `on_change` to tell the phone field; once the select is live,
    its chosen option counts as if picked then."""
    region = js(f"document.getElementById('{select_id}')?.selectedOptions[0]?.dataset.region ?? ''")
    return arrow((), chosen_country(form_id).set.call(region))


def flag(region: str) -> str:
    """The region's flag emoji (regional indicator letters: Windows shows the two letters)."""
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in region)


def face(region: str) -> str:
    """What the closed select shows: flag and calling code, "🇵🇰 +92" (browser_steps.js words it alike)."""
    return f"{flag(region)} +{phonenumbers.country_code_for_region(region)}"


def _region(element_id: str, form_id: str, default_country: str, follows_country: bool, countries) -> rx.Var[str]:
    """The field's country: picked in the field, else the form's Country, else the browser's, else the default."""
    told = countries.value.to(dict)["region"].to(str)
    region: rx.Var[str] = rx.cond(countries.value & (told != ""), told, default_country)
    if follows_country:
        chosen = chosen_country(form_id).value
        region = rx.cond(chosen != "", chosen, region)
    picked = client_state(f"phone-country-{element_id}", "")
    return rx.cond(picked.value != "", picked.value, region)


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
    """The country select and the number field; the countries load once on screen, or once ``shown`` turns
    true (a field in a closed dialog). Until then the select offers the default country alone."""
    page = building_page()
    language = page.language if page else DEFAULT
    countries = client_state(f"phone-countries-{language.code}", None)  # {options, faces, region} once loaded
    picked = client_state(f"phone-country-{element_id}", "")
    region = _region(element_id, form_id, default_country, follows_country, countries)
    loaded = countries.value.to(dict)
    loader = rx.el.span(hidden=True, on_mount=step("loadPhoneCountries", countries_path(language), countries.set))
    options = rx.cond(
        countries.value,
        loaded["options"].to(list[list[str]]),
        [[default_country, country_option(default_country, language)]],
    )
    country = rx.el.div(
        rx.el.span(
            rx.cond(countries.value, loaded["faces"].to(dict)[region].to(str), face(default_country)),
            rx.el.span(aria_hidden="true", class_name=_ARROW),
            aria_hidden="true",
            class_name=_FACE,
        ),
        rx.el.select(
            rx.foreach(options, lambda option: rx.el.option(option[1], value=option[0])),
            id=f"{element_id}-country",
            name=f"{name}{forms.PHONE_COUNTRY_SUFFIX}",
            value=region,
            on_change=picked.set,
            # Names from CLDR in the page's language already: not copy for the catalogue to translate.
            lang=language.code,
            custom_attrs={"aria-label": translated_text(forms.PHONE_COUNTRY_LABEL, language)},
            class_name=_SELECT,
        ),
        rx.cond(countries.value, rx.fragment(), loader if shown is None else rx.cond(shown, loader)),
        class_name="relative me-2 flex shrink-0 items-center border-e border-slate-200 pe-2",
    )
    number = rx.el.input(
        type="tel",
        id=element_id,
        name=name,
        required=required,
        class_name="w-full min-w-0 flex-1",  # a width in %: no min-content, so a 320 px column is not widened
        **props,
    )
    # Phone numbers read left to right in every language (dialling order), on Arabic pages too.
    return rx.el.div(country, number, dir="ltr", class_name="flex min-h-6 min-w-0 flex-1 items-center")
