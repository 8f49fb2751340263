"""Build step: the phone field's country names in each language but the default one, as
<prefix>/phone-countries.json (the default language keeps the library's English).

react-phone-number-input ships translations for a few languages only (Arabic, not Urdu); CLDR,
through Babel, names every region in every language the site may add, so a new language needs no
code here. The field's own words (the country select's name, "International") come from the
language's catalogue like all copy. components/browser_steps.js (loadPhoneField) fetches the file when the field
is about to show.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from babel import Locale
from reflex.plugins import Plugin
from reflex_base.plugins.base import PostBuildContext

from marketing_site.content.forms import PHONE_FIELD_WORDS
from marketing_site.i18n.languages import DEFAULT, LANGUAGES, Language
from marketing_site.i18n.translation import translated_text

FILE_NAME = "phone-countries.json"


def labels_path(language: Language) -> str:
    """Where the page's phone field finds its labels: "" for the default language (library's English)."""
    return "" if language == DEFAULT else f"{language.prefix}/{FILE_NAME}"


def phone_labels(language: Language) -> dict[str, str]:
    """Region code -> name in `language` (CLDR), and the field's words under the library's keys."""
    regions = {
        code: name
        for code, name in Locale.parse(language.code).territories.items()
        if len(code) == 2 and code.isalpha()
    }
    return regions | {key: translated_text(text, language) for key, text in PHONE_FIELD_WORDS.items()}


@dataclass(kw_only=True, frozen=True)
class PhoneLabelsPlugin(Plugin):
    """Writes each other language's phone-countries.json into the export."""

    def post_build(self, **context: Unpack[PostBuildContext]) -> None:
        static_dir = Path(context["static_dir"])
        for language in LANGUAGES:
            if language != DEFAULT:
                target = static_dir / labels_path(language).lstrip("/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps(phone_labels(language), ensure_ascii=False), encoding="utf-8")
