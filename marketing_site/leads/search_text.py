"""What the staff inbox searches: each lead's text folded the way a reader compares it, stored on write.

An Arabic keyboard types "عمان" where the form stored "عُمان", and a phone number comes with spaces, dashes,
a leading 00 or + or none. Folding the stored text and the query the same way makes them match: marks over
and under letters dropped (Arabic harakat, shadda, the superscript alef, hamza over or under a carrier, and
Latin accents), tatweel dropped, alef wasla ٱ read as ا, alef maqsura ى as ي, teh marbuta ة as ه,
Arabic-Indic digits as 0-9, any case folded, runs of spaces as one. The folded text is a column of its own
(``lead.search_text``, and ``lead.country_key`` for the country filter), written with the lead, so the inbox
compares plain columns: no function runs per row, and SQLite and PostgreSQL answer alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from marketing_site.content.countries import COUNTRIES
from marketing_site.content.messages import choice_names

TATWEEL = "\u0640"
# After NFKD, hamza and madda are marks of their own (أ is ا + U+0654), dropped with the harakat.
_SAME_LETTER = str.maketrans(
    {
        "ٱ": "ا",
        "ى": "ي",
        "ة": "ه",
        **{chr(0x0660 + digit): str(digit) for digit in range(10)},  # Arabic-Indic digits
        **{chr(0x06F0 + digit): str(digit) for digit in range(10)},  # their Eastern (Persian) forms
    }
)
_PHONE_LIKE = re.compile(r"\+?[\d\s\-./()]+")
MIN_PHONE_DIGITS = 4  # fewer digits are as likely a school's number or a year as a phone
SEPARATOR = "\n"  # between fields: a query (one line) never matches across two of them
SEARCHED = ("email", "full_name", "first_name", "last_name", "school", "country")


def fold(text: str) -> str:
    """``text`` as the inbox compares it: marks dropped, Arabic letter forms and digits folded, case folded,
    spaces single."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(char for char in decomposed if unicodedata.category(char) != "Mn" and char != TATWEEL)
    return " ".join(kept.translate(_SAME_LETTER).casefold().split())


def phone_digits(text: str) -> str:
    """A phone number's digits as the inbox compares them: no spaces, dashes or brackets, no leading + or 00."""
    digits = "".join(char for char in fold(text) if char.isdigit())
    return digits[2:] if digits.startswith("00") else digits


# Every spelling of every form country (English and its translations), folded, to its English name.
_COUNTRIES = {fold(spelling): country for country in COUNTRIES for spelling in choice_names(country)}


def country_english(text: str) -> str | None:
    """The English name of a form country however it was written ("OMAN", "عمان", "عُمان"), or None."""
    return _COUNTRIES.get(fold(text))


def country_key(text: str | None) -> str:
    """What the country filter compares: a form country by its English name (any spelling of Oman is "oman"),
    other text folded."""
    return fold(country_english(text) or text) if text else ""


def columns(values: Mapping[str, Any]) -> dict[str, str]:
    """``search_text`` and ``country_key`` of a lead's column values, written with the lead."""
    texts = [fold(str(values[name])) for name in SEARCHED if values.get(name)]
    if values.get("first_name") and values.get("last_name"):
        texts.append(fold(f"{values['first_name']} {values['last_name']}"))  # "Amina Khan" finds Amina Khan
    country = values.get("country")
    if country and (english := country_english(country)) and fold(english) not in texts:
        texts.append(fold(english))  # "oman" finds a lead whose country was typed "عُمان"
    phones = {phone_digits(str(values.get(name) or "")) for name in ("phone_e164", "phone_raw")} - {""}
    return {"search_text": SEPARATOR.join([*texts, *sorted(phones)]), "country_key": country_key(country)}


def needles(query: str) -> list[str]:
    """What a search looks for in ``search_text`` (any of them): the folded query, and when it reads as a phone
    number its digits (also without a national trunk 0: "0300 1234567" finds +92 300 1234567)."""
    wanted = [fold(query)] if fold(query) else []
    digits = phone_digits(query)
    if _PHONE_LIKE.fullmatch(fold(query)) and len(digits) >= MIN_PHONE_DIGITS:
        wanted += [digits, digits[1:]] if digits.startswith("0") else [digits]
    return list(dict.fromkeys(wanted))
