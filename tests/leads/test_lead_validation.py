"""Table-driven checks: one case per rule of spec section 5, then the stricter rules we add."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from lead_payloads import CAREERS, CONSENTED, VALID

from marketing_site.content.messages import message, speaking
from marketing_site.leads import validation
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.schemas import CONSENT_FIELDS, LeadKind, lead_form

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
DEMO_KINDS = (LeadKind.SCHEDULE_DEMO, LeadKind.PRODUCT_DEMO, LeadKind.SIGNUP_DEMO)


def payload(kind: LeadKind) -> dict[str, Any]:
    return dict(CAREERS) if kind is LeadKind.CAREERS else dict(VALID[kind.value])


def run(kind: LeadKind, data: dict[str, Any], require_consent: bool = False) -> dict[str, Any]:
    form = lead_form(kind)
    values = validation.validate(form.fields + CONSENT_FIELDS, data, require_consent=require_consent, now=NOW)
    for group in form.flag_groups:
        values[group.attribute] = validation.ticked(group, data)
    return values


def errors_of(kind: LeadKind, data: dict[str, Any], require_consent: bool = False) -> dict[str, str]:
    with pytest.raises(LeadValidationError) as caught:
        run(kind, data, require_consent)
    return caught.value.errors


SPEC_VALUES = {  # column values of each spec payload, written out
    LeadKind.PRODUCT_VIDEO: {
        "full_name": "Ali Raza",
        "email": "ali@school.edu",
        "phone_e164": "+923001234567",
        "phone_raw": "+923001234567",
        "product": "Student Smart",
    },
    LeadKind.CAREERS: {
        "first_name": "Sara",
        "city": "Lahore",
        "position": "Mathematics",
        "training": "B.Ed",
        "phone_e164": "+923007654321",
    },
    **{
        kind: {
            "first_name": "Amina",
            "school": "Greenfield School",
            "student_count": "850",
            "school_type": "Multi-branch",
            "phone_e164": "+923001234567",
            "heard_about_us": "Google search",
        }
        for kind in DEMO_KINDS
    },
}


@pytest.mark.parametrize("kind", list(SPEC_VALUES), ids=lambda kind: kind.value)
def test_spec_payload_is_valid(kind):
    values = run(kind, payload(kind))
    assert {column: values[column] for column in SPEC_VALUES[kind]} == SPEC_VALUES[kind]


# Spec section 5: the required fields of each form and the sentence a missing one gets.
DEMO_MESSAGES = {
    "firstName": "Please enter your first name.",
    "lastName": "Please enter your last name.",
    "school": "Please enter your school name.",
    "email": "Please enter your email address.",
    "job": "Please enter your job title.",
    "mis": "Please enter your current MIS/SIS system.",
    "about": "Please tell us how you heard about us.",
    "country": "Please choose your country.",
    "nStudent": "Please enter the number of students at your school.",
    "tSchool": "Please choose your type of school.",
    "phone": "Please enter your phone number.",
}
REQUIRED_MESSAGES = {
    LeadKind.SCHEDULE_DEMO: DEMO_MESSAGES,
    LeadKind.PRODUCT_DEMO: DEMO_MESSAGES,
    LeadKind.SIGNUP_DEMO: {**DEMO_MESSAGES, "mis": "Please enter your current admission system."},
    LeadKind.PRODUCT_VIDEO: {
        "name": "Please enter your name.",
        "email": "Please enter your email address.",
        "contactNo": "Please enter your contact number.",
    },
    LeadKind.CAREERS: {
        "firstName": "Please enter your first name.",
        "lastName": "Please enter your last name.",
        "email": "Please enter your email address.",
        "mobile": "Please enter your mobile number.",
        "country": "Please choose your country.",
        "city": "Please enter your city.",
        "position": "Please enter the position you are applying for.",
    },
}


@pytest.mark.parametrize(
    ("kind", "field"), [(kind, field) for kind, fields in REQUIRED_MESSAGES.items() for field in fields], ids=str
)
def test_a_missing_required_field_gets_its_own_sentence(kind, field):
    for blank in (None, "", "   ", "\t\n"):
        assert errors_of(kind, {**payload(kind), field: blank}) == {field: REQUIRED_MESSAGES[kind][field]}


@pytest.mark.parametrize(
    ("kind", "field", "column"),
    [
        *[(kind, "ss", "current_product_use") for kind in DEMO_KINDS],  # starred by label but not required
        (LeadKind.SIGNUP_DEMO, "website", "website"),
        (LeadKind.PRODUCT_VIDEO, "product", "product"),
        (LeadKind.PRODUCT_DEMO, "product", "product"),
        (LeadKind.CAREERS, "skillDescription", "skill_description"),
        (LeadKind.CAREERS, "training", "training"),
    ],
)
def test_optional_field_may_be_missing(kind, field, column):
    data = payload(kind)
    data.pop(field, None)
    assert run(kind, data)[column] == ""


def test_no_module_or_responsibility_needs_choosing():
    data = {key: value for key, value in payload(LeadKind.SCHEDULE_DEMO).items() if value not in ("Yes", "No")}
    values = run(LeadKind.SCHEDULE_DEMO, data)
    assert values["module"] == () and values["responsibility"] == ()


@pytest.mark.parametrize(
    ("kind", "field", "message"),
    [
        (LeadKind.SCHEDULE_DEMO, "firstName", "Please enter your first name."),
        (LeadKind.SCHEDULE_DEMO, "mis", "Please enter your current MIS/SIS system."),
        (LeadKind.SIGNUP_DEMO, "mis", "Please enter your current admission system."),
        (LeadKind.SCHEDULE_DEMO, "about", "Please tell us how you heard about us."),
        (LeadKind.CAREERS, "position", "Please enter the position you are applying for."),
    ],
)
def test_messages_name_the_field(kind, field, message):
    data = payload(kind)
    del data[field]
    assert errors_of(kind, data)[field] == message


@pytest.mark.parametrize("kind", DEMO_KINDS)
def test_site_forms_require_both_consents(kind):
    errors = errors_of(kind, payload(kind), require_consent=True)
    assert set(errors) == {"consentCommunications", "consentDataProcessing"}
    errors = errors_of(kind, {**payload(kind), **CONSENTED, "consentCommunications": "No"}, require_consent=True)
    assert set(errors) == {"consentCommunications"}


def test_each_refusal_names_its_field_in_words():
    errors = errors_of(
        LeadKind.SCHEDULE_DEMO,
        {
            **payload(LeadKind.SCHEDULE_DEMO),
            "consentCommunications": "maybe",
            "phone": "+92 300\x071234567",
            "school": "Green\x07field",
        },
        require_consent=True,
    )
    assert errors == {
        "consentCommunications": f"Please answer Yes or No for {message('label.consentCommunications')}.",
        "consentDataProcessing": "Please tick the box to let us store and process your personal data.",
        "phone": f"Your {message('label.phone')} contains characters we can't accept. Please retype it.",
        "school": f"Your {message('label.school')} contains characters we can't accept. Please retype it.",
    }


@pytest.mark.parametrize("raw", ["+", "+x", "+ call me"])
def test_an_unreadable_international_number_gets_the_example_without_naming_a_country(raw):
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "contactNo": raw})
    assert errors["contactNo"] == "That phone number isn't valid. Include the country code, e.g. +92 301 2345678."


def test_consent_is_stored_as_the_time_given():
    values = run(LeadKind.SIGNUP_DEMO, {**payload(LeadKind.SIGNUP_DEMO), **CONSENTED}, require_consent=True)
    assert values["consent_communications_at"] == NOW == values["consent_data_processing_at"]


def test_api_clients_may_omit_consent():
    values = run(LeadKind.PRODUCT_DEMO, payload(LeadKind.PRODUCT_DEMO))
    assert values["consent_communications_at"] is None and values["consent_data_processing_at"] is None


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Yes", True),
        ("No", False),
        ("yes", True),
        ("NO", False),
        (True, True),
        (False, False),
        ("true", True),
        ("false", False),
        (None, False),
    ],
)
def test_flags_accept_yes_no_and_booleans(raw, expected):
    values = run(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "studnetSmart": raw})
    assert ("studentSmart" in values["module"]) is expected


@pytest.mark.parametrize("raw", ["maybe", "Y", 1, 0, [], {}, 2.5])
def test_flags_reject_anything_else(raw):
    errors = errors_of(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "studnetSmart": raw})
    assert errors == {"studnetSmart": "Please answer Yes or No for Student Smart."}


@pytest.mark.parametrize("email", ["not-an-email", "a@b", "name@school..edu", "@school.edu", "a b@school.edu"])
def test_email_must_be_well_formed(email):
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "email": email})
    assert errors == {"email": "Please enter a valid email address, like name@school.edu."}


def test_email_local_part_is_at_most_64_characters():
    longest = "a" * 64 + "@school.edu"
    assert run(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "email": longest})["email"] == longest
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "email": "a" * 65 + "@school.edu"})
    assert errors == {"email": "The part of your email address before the @ is too long: at most 64 characters."}


def test_email_is_normalised():
    values = run(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "email": "  Ali@School.EDU "})
    assert values["email"] == "Ali@school.edu"


@pytest.mark.parametrize(
    ("raw", "e164"),
    [
        ("+92 300 1234567", "+923001234567"),
        ("0300 1234567", "+923001234567"),
        ("3001234567", "+923001234567"),
        ("+44 7400 123456", "+447400123456"),
        ("+968 9123 4567", "+96891234567"),
    ],
)
def test_phone_is_stored_as_e164_with_raw_text(raw, e164):
    values = run(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "contactNo": raw})
    assert (values["phone_e164"], values["phone_raw"]) == (e164, raw)


@pytest.mark.parametrize(
    ("raw", "country", "example"),
    [
        ("12345", "Pakistan", "+92 301 2345678"),
        ("0300 12", "Pakistan", "+92 301 2345678"),
        ("call me", "Pakistan", "+92 301 2345678"),
        ("+44 12", "United Kingdom", "+44 7400 123456"),
    ],
)
def test_phone_must_be_valid_for_its_country_with_an_example_from_it(raw, country, example):
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "contactNo": raw})
    assert (
        errors["contactNo"] == f"That phone number isn't valid for {country}. Include the country code, e.g. {example}."
    )


def test_whitespace_is_trimmed_and_collapsed():
    values = run(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "name": "  Ali \t  Raza \n"})
    assert values["full_name"] == "Ali Raza"


def test_multiline_text_keeps_its_lines():
    values = run(LeadKind.CAREERS, payload(LeadKind.CAREERS))
    assert values["skill_description"] == CAREERS["skillDescription"]
    values = run(LeadKind.CAREERS, {**payload(LeadKind.CAREERS), "training": " B.Ed\r\nM.Ed\rPGCE\n"})
    assert values["training"] == "B.Ed\nM.Ed\nPGCE"


@pytest.mark.parametrize(
    ("field", "column", "limit"),
    [("firstName", "first_name", 100), ("school", "school", 200), ("nStudent", "student_count", 50)],
)
def test_text_has_a_maximum_length(field, column, limit):
    assert run(LeadKind.PRODUCT_DEMO, {**payload(LeadKind.PRODUCT_DEMO), field: "x" * limit})[column] == "x" * limit
    errors = errors_of(LeadKind.PRODUCT_DEMO, {**payload(LeadKind.PRODUCT_DEMO), field: "x" * (limit + 1)})
    assert f"{limit} characters or fewer" in errors[field]


@pytest.mark.parametrize("raw", ["Ali\x00", "\ud800Ali", ["Ali"], {"a": 1}, 3.5, True])
def test_values_the_database_cannot_hold_are_refused(raw):
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {**payload(LeadKind.PRODUCT_VIDEO), "name": raw})
    assert set(errors) == {"name"}


def test_number_of_students_may_be_a_json_number():
    assert run(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "nStudent": 850})["student_count"] == "850"
    huge = errors_of(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "nStudent": 10**5000})
    assert "too long" in huge["nStudent"]


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("mathematics", "Mathematics"),  # a suggestion, however typed: its one name
        ("English teacher", "English teacher"),
        ("Mathematics Teacher", "Mathematics Teacher"),  # issue 33: a position the list does not name is kept
        ("  School   Nurse ", "School Nurse"),
    ],
)
def test_a_listed_position_is_stored_by_its_name_and_a_typed_one_as_typed(raw, stored):
    assert run(LeadKind.CAREERS, {**payload(LeadKind.CAREERS), "position": raw})["position"] == stored
    assert errors_of(LeadKind.CAREERS, {**payload(LeadKind.CAREERS), "position": "  "}) == {
        "position": "Please enter the position you are applying for."
    }
    assert set(errors_of(LeadKind.CAREERS, {**payload(LeadKind.CAREERS), "position": "x" * 101})) == {"position"}


def test_a_position_picked_in_arabic_is_stored_under_its_english_name():
    """The Arabic careers page suggests the positions in Arabic; HR reads them in English."""
    for raw in ("الفيزياء", " معلم اللغة الإنجليزية "):
        stored = run(LeadKind.CAREERS, {**payload(LeadKind.CAREERS), "position": raw})["position"]
        assert stored in ("Physics", "English teacher")


def test_a_choice_quoted_in_an_arabic_message_is_named_in_arabic():
    with speaking("ar"):
        flag = errors_of(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "admission": "maybe"})
        phone = errors_of(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "phone": "+968 12"})
    assert "القبول" in flag["admission"] and "Admission" not in flag["admission"]
    assert "عُمان" in phone["phone"] and "Oman" not in phone["phone"]


def test_a_country_without_a_geocoder_name_is_still_named():
    errors = errors_of(LeadKind.SCHEDULE_DEMO, {**payload(LeadKind.SCHEDULE_DEMO), "phone": "+61 4123"})
    assert errors["phone"].startswith("That phone number isn't valid for Australia.")


def test_all_errors_are_reported_at_once():
    errors = errors_of(LeadKind.PRODUCT_VIDEO, {"email": "bad", "contactNo": "1"})
    assert set(errors) == {"name", "email", "contactNo"}


def test_a_validation_error_reads_as_every_field_and_its_message_in_one_line():
    """What a log or a traceback shows (the service raises it from scripts and imports too)."""
    error = LeadValidationError(
        {"email": "Please enter a valid email.", "contactNo": "Please enter your contact number."}
    )
    assert str(error) == "email: Please enter a valid email.; contactNo: Please enter your contact number."


def test_text_fields_read_integral_numbers_as_digits_and_name_the_field_when_refusing():
    """JSON clients send 850 or 850.0 for "how many students"; anything else that is not text is named."""
    assert [validation.clean_text(value, "student count", 6) for value in (850.0, 850, -7)] == ["850", "850", "-7"]
    for value, words in (
        (["850"], "Please enter your school as plain text."),
        ({"name": "x"}, "Please enter your school as plain text."),
        (8.5, "Please enter your school as plain text."),
        ("Greenfield", "Your school is too long. Please keep it to 6 characters or fewer."),
        (10**5000, "Your school is too long. Please keep it to 6 characters or fewer."),
    ):
        with pytest.raises(validation.InvalidField) as refused:
            validation.clean_text(value, "school", 6)
        assert str(refused.value) == words, value


def test_a_column_without_a_declared_length_is_a_programming_error_named_as_such():
    with pytest.raises(LookupError) as missing:
        validation.max_length("created_at")
    assert str(missing.value) == "Lead.created_at declares no max_length"
