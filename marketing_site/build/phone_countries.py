"""Build step: the phone field's country list in each language, and which country each time zone is in,
as <prefix>/phone-countries.json beside the pages.

The field is a native country <select> and an <input type="tel"> (components/forms/phone_input.py); the page
fetches this file when the field shows (components/browser_steps.js `loadPhoneCountries`), so neither the
list nor the zone table weighs on the page's JavaScript. Regions and calling codes come from
phonenumbers (what the server validates with), their names in every language from CLDR through Babel,
so a new language needs no code here; the zone table is CLDR's too, with the old names browsers still
report (Asia/Calcutta).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

import phonenumbers
from babel import Locale
from babel.core import get_global
from reflex.plugins import Plugin
from reflex_base.plugins.base import PostBuildContext

from marketing_site.i18n.languages import LANGUAGES, Language

FILE_NAME = "phone-countries.json"


def countries_path(language: Language) -> str:
    """Where the page's phone field finds its countries: /phone-countries.json, /ar/phone-countries.json."""
    return f"{language.prefix}/{FILE_NAME}"


def country_name(region: str, language: Language) -> str:
    """The region's name in ``language`` (CLDR), its code when CLDR has none."""
    return str(Locale.parse(language.code).territories.get(region, region))  # Babel's locale data is untyped


def country_option(region: str, language: Language) -> str:
    """An option's text: the country's name and its calling code, "Oman +968"."""
    return f"{country_name(region, language)} +{phonenumbers.country_code_for_region(region)}"


def _sort_key(name: str) -> str:
    """Alphabetical as a reader looks it up: accents ignored (Åland with the A's)."""
    return "".join(char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char)).casefold()


def zone_regions() -> dict[str, str]:
    """Time zone -> region code, for every zone CLDR places in one country, old names included."""
    zones = {zone: region for zone, region in get_global("zone_territories").items() if len(region) == 2}
    aliases = {alias: zones[zone] for alias, zone in get_global("zone_aliases").items() if zone in zones}
    return dict(sorted((zones | aliases).items()))


def phone_countries(language: Language) -> dict[str, object]:
    """Every region phonenumbers dials, as [code, name in ``language``, calling code] in the language's
    alphabetical order, and the zone table."""
    regions = sorted(
        (
            [region, country_name(region, language), phonenumbers.country_code_for_region(region)]
            for region in phonenumbers.SUPPORTED_REGIONS
        ),
        key=lambda entry: _sort_key(str(entry[1])),
    )
    return {"regions": regions, "zones": zone_regions()}


@dataclass(kw_only=True, frozen=True)
class PhoneCountriesPlugin(Plugin):
    """Writes each language's phone-countries.json into the export."""

    def post_build(self, **context: Unpack[PostBuildContext]) -> None:
        static_dir = Path(context["static_dir"])
        for language in LANGUAGES:
            target = static_dir / countries_path(language).lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(
                json.dumps(phone_countries(language), ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
            )
