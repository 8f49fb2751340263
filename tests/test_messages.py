"""Visitor-facing messages come from the copy's catalogue, by id, with an English fallback per language."""

from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType

import pytest

from marketing_site.content import messages
from marketing_site.leads.schemas import CONSENT_FIELDS, CONTEXT_FIELDS, LeadKind, lead_form

LEADS = Path(messages.__file__).resolve().parents[1] / "leads"


def test_every_message_id_the_lead_code_asks_for_exists():
    asked = {match for path in LEADS.rglob("*.py") for match in re.findall(r'message\("([^"]+)"', path.read_text())}
    assert asked and sorted(asked - set(messages.ENGLISH)) == []


@pytest.mark.parametrize("kind", list(LeadKind), ids=lambda kind: kind.value)
def test_every_field_has_a_label_and_a_missing_message(kind):
    for spec in lead_form(kind).fields + CONSENT_FIELDS + CONTEXT_FIELDS:
        label, missing = spec.label_text(), spec.missing_message()
        assert label and "{" not in label and missing.startswith("Please ") and missing.endswith(".")


def test_a_language_catalogue_overrides_by_id_and_falls_back_to_english(monkeypatch):
    arabic = {"email.invalid": "يرجى إدخال بريد إلكتروني صالح."}
    monkeypatch.setattr(messages, "CATALOGUES", MappingProxyType({"en": messages.ENGLISH, "ar": arabic}))
    assert messages.message("email.invalid", "ar") == arabic["email.invalid"]
    assert messages.message("field.required", "ar", label="city") == "Please enter your city."
    assert messages.message("email.invalid", "fr") == messages.ENGLISH["email.invalid"]


def test_placeholders_are_filled():
    assert messages.message("field.too_long", label="city", limit=100) == (
        "Your city is too long. Please keep it to 100 characters or fewer."
    )
