"""The inbox's folded text (issue 33): Arabic compared as a reader compares it, phone numbers as digits."""

from __future__ import annotations

import pytest

from marketing_site.leads.search_text import columns, country_english, country_key, fold, needles, phone_digits


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("عمان", "عُمان"),  # a damma
        ("محمد", "مُحَمَّد"),  # harakat and shadda
        ("محمد", "مـحـمـد"),  # tatweel
        ("احمد", "أحمد"),  # alef with hamza above
        ("اسلام", "إسلام"),  # below
        ("امنه", "آمنة"),  # madda, teh marbuta
        ("مدرسه", "مدرسة"),
        ("علي", "على"),  # alef maqsura
        ("مسوول", "مسؤول"),  # hamza on waw: its carrier
        ("شاطي", "شاطئ"),  # on yeh
        ("الرحمن", "الرحمٰن"),  # the superscript alef
        ("ابن", "ٱبن"),  # alef wasla
        ("123", "١٢٣"),  # Arabic-Indic digits
        ("jose", "José"),
        ("oman  school", "OMAN School"),
    ],
)
def test_a_query_typed_without_marks_matches_the_stored_text(typed, stored):
    assert fold(typed) == fold(stored)


def test_letters_that_differ_stay_apart():
    assert fold("عمان") != fold("عمار") and fold("سلم") != fold("سالم")


@pytest.mark.parametrize("typed", ["+968 9123 4567", "00968-9123-4567", "(968) 9123.4567", "٩٦٨٩١٢٣٤٥٦٧"])
def test_phone_digits_ignore_spaces_dashes_and_the_leading_plus_or_00(typed):
    assert phone_digits(typed) == "96891234567"


def test_a_phone_query_looks_for_its_digits_and_a_name_query_for_its_text():
    assert needles("9123 4567") == ["9123 4567", "91234567"]
    assert needles("0300 1234567") == ["0300 1234567", "03001234567", "3001234567"]  # the national trunk 0
    assert needles("Falcon Academy 12") == ["falcon academy 12"]  # letters: not a phone
    assert needles("123") == ["123"]  # too few digits for a phone number
    assert needles("  ") == []


def test_the_columns_hold_every_searched_field_folded_and_the_phone_as_digits():
    found = columns(
        {
            "email": "Salim@School.OM",
            "first_name": "سَلِيم",
            "last_name": "الرَّاشِدِيّ",
            "school": "Al Noor",
            "country": "عُمان",
            "phone_e164": "+96891234567",
            "phone_raw": "9123-4567",
        }
    )
    assert found == {
        "search_text": "salim@school.om\nسليم\nالراشدي\nal noor\nعمان\nسليم الراشدي\noman\n91234567\n96891234567",
        "country_key": "oman",
    }


@pytest.mark.parametrize("written", ["Oman", "oman", "OMAN", "عُمان", "عمان", "عُـمان"])
def test_every_spelling_of_a_form_country_is_one_key(written):
    assert country_english(written) == "Oman" and country_key(written) == "oman"


def test_a_country_the_forms_do_not_list_is_its_folded_text():
    assert country_english("Atlantis") is None and country_key("ATLANTIS") == "atlantis" and country_key(None) == ""
