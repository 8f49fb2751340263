"""The translation catalogues: locales/<code>.po, one per language other than English.

A catalogue maps an English text (the msgid, exactly as content/ writes it) to its translation.
Read with Babel's gettext reader, so translators edit them with any .po tool; no Reflex import, so
content/messages.py can use them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from babel.messages.pofile import read_po

from marketing_site.i18n.languages import DEFAULT, Language

LOCALES = Path(__file__).parent / "locales"


@functools.cache
def catalogue(language: Language) -> Mapping[str, str]:
    """English text -> translated text (empty for the default language)."""
    if language == DEFAULT:
        return MappingProxyType({})
    with (LOCALES / f"{language.code}.po").open("rb") as po:
        return MappingProxyType(
            {
                message.id: message.string
                for message in read_po(po)
                if message.id and isinstance(message.id, str) and isinstance(message.string, str)  # no plural forms
            }
        )
