"""Turn untrusted form or JSON values into clean column values, or plain-words errors.

Parsing is total: any JSON value (number, list, null, lone surrogate, NUL byte) ends as a
value or an error message, never as an exception further down (e.g. in the database driver).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, cast

import phonenumbers
from babel import Locale
from email_validator import EmailNotValidError, validate_email
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from sqlmodel import SQLModel

from marketing_site.content.countries import COUNTRY_REGIONS
from marketing_site.content.messages import choice_names, message, spoken_language
from marketing_site.core import columns
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import FieldType, FlagGroup, InputField

DEFAULT_REGION = "PK"
EMAIL_LOCAL_PART_LIMIT = 64  # RFC 5321 section 4.5.3.1.1; mail servers refuse longer ones
_TRUE = {"yes", "true"}
_FALSE = {"no", "false", ""}


class InvalidField(Exception):
    """One field's problem; collected into LeadValidationError.errors."""


def validate(
    fields: Iterable[InputField], data: Mapping[str, Any], *, require_consent: bool, now: datetime
) -> dict[str, Any]:
    """Lead column values; raises LeadValidationError listing every bad field at once."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    region = phone_region(data.get("country"))
    for spec in fields:
        try:
            values.update(_field_values(spec, data.get(spec.name), require_consent, now, region))
        except InvalidField as problem:
            errors[spec.name] = str(problem)
    if errors:
        raise LeadValidationError(errors)
    return values


def ticked(group: FlagGroup, data: Mapping[str, Any]) -> tuple[str, ...]:
    """The stored values of the group's flags answered Yes; LeadValidationError for any not Yes/No."""
    chosen: list[str] = []
    errors: dict[str, str] = {}
    for flag in group.flags:
        try:
            if parse_flag(data.get(flag.name), flag.label_text()):
                chosen.append(flag.column)
        except InvalidField as problem:
            errors[flag.name] = str(problem)
    if errors:
        raise LeadValidationError(errors)
    return tuple(chosen)


def _field_values(spec: InputField, raw: Any, require_consent: bool, now: datetime, region: str) -> dict[str, Any]:
    if spec.type is FieldType.CONSENT:
        given = parse_flag(raw, spec.label_text())
        if require_consent and not given:
            raise InvalidField(spec.missing_message())
        return {spec.column: now if given else None}
    if spec.type is FieldType.PHONE:
        text = clean_text(raw, spec.label_text(), max_length(f"{spec.column}_raw"))
        _require(spec, text)
        return {f"{spec.column}_e164": parse_phone(text, region) if text else "", f"{spec.column}_raw": text}
    text = clean_text(raw, spec.label_text(), max_length(spec.column), multiline=spec.type is FieldType.MULTILINE)
    _require(spec, text)
    if text and spec.type is FieldType.EMAIL:
        text = parse_email(text)
    if text and spec.type in (FieldType.CHOICE, FieldType.SUGGESTED):
        text = _choose(text, spec)
    return {spec.column: text}


def _require(spec: InputField, text: str) -> None:
    if spec.required and not text:
        raise InvalidField(spec.missing_message())


def max_length(column: str, model: type[SQLModel] = Lead) -> int:
    """The column's declared limit, so validation and schema never disagree."""
    return columns.max_length(model, column)


def clean_text(raw: Any, label: str, limit: int, *, multiline: bool = False) -> str:
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)  # JSON Schema's "integer" includes 850.0
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw) if abs(raw) < 10**limit else "9" * (limit + 1)  # huge ints: "too long", not a crash
    if not isinstance(raw, str):
        raise InvalidField(message("field.not_text", label=label))
    text = unicodedata.normalize("NFC", raw)
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip() if multiline else " ".join(text.split())
    allowed = "\n\t" if multiline else ""
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in allowed for ch in text):
        raise InvalidField(message("field.bad_characters", label=label))
    if len(text) > limit:
        raise InvalidField(message("field.too_long", label=label, limit=limit))
    return text


def parse_flag(raw: Any, label: str) -> bool:
    if raw is None or isinstance(raw, bool):
        return bool(raw)
    if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
        return raw.strip().lower() in _TRUE
    raise InvalidField(message("field.yes_or_no", label=label))


def parse_email(text: str) -> str:
    try:
        address = validate_email(text, check_deliverability=False)
    except EmailNotValidError:
        raise InvalidField(message("email.invalid")) from None
    if len(address.local_part) > EMAIL_LOCAL_PART_LIMIT:
        raise InvalidField(message("email.local_part_too_long", limit=EMAIL_LOCAL_PART_LIMIT))
    return address.normalized


def phone_region(country: Any) -> str:
    """The region a national number is read in: the lead's country (named in any of the site's
    languages), as the form's phone field follows its Country select; else Pakistan."""
    name = country.strip().casefold() if isinstance(country, str) else ""
    for known, region in COUNTRY_REGIONS.items():
        if name and name in {other.casefold() for other in choice_names(known)}:
            return region
    return DEFAULT_REGION


def international(text: Any, region: Any) -> Any:
    """A number typed beside a country select (a form's phone field), written as the international number
    of that country: "9900 1122" with OM is "+968 9900 1122" (the trunk 0 of "0300 ..." dropped, a typed
    +44 or 00 44 kept). Staff read it so in mails, and validation reads it in that country. Anything else
    (no text, no known region) is left as it is for validation to judge."""
    if not isinstance(text, str) or not text.strip() or region not in phonenumbers.SUPPORTED_REGIONS:
        return text
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:  # letters, too short: refused by validation, named by country
        return f"+{phonenumbers.country_code_for_region(region)} {text.strip()}"
    return phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)


def parse_phone(text: str, region: str = DEFAULT_REGION) -> str:
    """E.164 form of a number valid for its country; national numbers are read as numbers of ``region``."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        raise InvalidField(_phone_message(region if not text.startswith("+") else "")) from None
    if not phonenumbers.is_valid_number(number):
        # parse() always sets the country code; the stubs type it optional, as on a bare PhoneNumber().
        country_code = cast(int, number.country_code)
        raise InvalidField(_phone_message(phonenumbers.region_code_for_country_code(country_code)))
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def _phone_message(region: str) -> str:
    example = phonenumbers.example_number_for_type(region, PhoneNumberType.MOBILE) if region else None
    if example is None:
        return message("phone.invalid")
    return message(
        "phone.invalid_for_country",
        country=_country_name(region),
        example=phonenumbers.format_number(example, PhoneNumberFormat.INTERNATIONAL),
    )


def _country_name(region: str) -> str:
    """The region's name in the language being spoken, from CLDR like the forms' country names
    (phonenumbers' geocoder has English only, and no name at all for some regions, e.g. AU)."""
    return str(Locale.parse(spoken_language()).territories.get(region, region))  # Babel's locale data is untyped


def _choose(text: str, spec: InputField) -> str:
    """The choice's English name, however the visitor named it (a SUGGESTED field's other text as typed).

    A translated page offers the choices in its own language (the careers datalist fills in the
    Arabic name), but staff read and filter leads in English: a choice named in any of the site's
    languages is stored under its one English name, so HR sees "Physics" whichever page it came from.
    """
    for choice in spec.choices:
        if text.casefold() in {name.casefold() for name in choice_names(choice)}:
            return choice
    if spec.type is FieldType.SUGGESTED:
        return text  # a position the list does not name ("Mathematics Teacher") is kept as typed
    raise InvalidField(spec.missing_message())  # a list's own sentence asks to choose from it
