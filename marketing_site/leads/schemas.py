"""Input schemas: which fields each lead kind accepts, under which API name, and how to check them.

Kept apart from the tables so the public spelling (``studnetSmart``, ``nStudent``) and the
visitor-facing wording never leak into the database schema.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from sqlmodel import SQLModel

from marketing_site.content import forms
from marketing_site.content.types import LeadFormCopy
from marketing_site.leads import models


class LeadKind(str, enum.Enum):
    PRODUCT_VIDEO = "ProductVideo"
    SCHEDULE_DEMO = "ScheduleDemo"
    SIGNUP_DEMO = "SignupDemo"
    PRODUCT_DEMO = "ProductDemo"
    CAREERS = "Careers"


class FieldType(enum.Enum):
    TEXT = "text"
    MULTILINE = "multiline"
    EMAIL = "email"
    PHONE = "phone"  # stored as <column>_e164 and <column>_raw
    FLAG = "flag"  # Yes/No or boolean
    CONSENT = "consent"  # Yes/No or boolean; stored as the time it was given
    CHOICE = "choice"


@dataclass(frozen=True)
class InputField:
    name: str  # API / form field name
    column: str
    label: str  # lower-case noun phrase used inside messages
    type: FieldType = FieldType.TEXT
    prompt: str = ""  # message when a required value is missing
    required: bool = False  # set from the form's copy (content/forms.py), the one definition
    choices: tuple[str, ...] = ()  # CHOICE fields: the options of the form's copy

    @property
    def missing_message(self) -> str:
        return self.prompt or f"Please enter your {self.label}."


@dataclass(frozen=True)
class LeadForm:
    kind: LeadKind
    model: type[SQLModel]
    fields: tuple[InputField, ...]


def _as_in(copy: LeadFormCopy, *fields: InputField) -> tuple[InputField, ...]:
    """The fields, required and with choices exactly as the visible form has them (content/forms.py)."""
    visible = {field.name: field for field in copy.fields}
    return tuple(
        replace(spec, required=spec.name in visible and visible[spec.name].required,
                choices=visible[spec.name].options if spec.type is FieldType.CHOICE else ())
        for spec in fields
    )


UTM_KEYS = ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")
CONSENT_FIELDS = (
    InputField("consentCommunications", "consent_communications_at", "consent to other communications",
               FieldType.CONSENT, prompt="Please tick the box to agree to receive other communications from us."),
    InputField("consentDataProcessing", "consent_data_processing_at", "consent to store your data",
               FieldType.CONSENT, prompt="Please tick the box to let us store and process your personal data."),
)

# Context values (where the lead came from), checked like any other text.
CONTEXT_FIELDS = (
    InputField("page", "source_page", "page address"),
    InputField("referrer", "referrer", "referrer"),
    InputField("consentTextVersion", "consent_text_version", "consent wording version"),
    *(InputField(name, name, name.replace("_", " ")) for name in UTM_KEYS),
)


def _demo_contact(copy: LeadFormCopy, mis_label: str) -> tuple[InputField, ...]:
    return _as_in(
        copy,
        InputField("email", "email", "email address", FieldType.EMAIL),
        InputField("firstName", "first_name", "first name"),
        InputField("lastName", "last_name", "last name"),
        InputField("school", "school", "school name"),
        InputField("country", "country", "country", prompt="Please choose your country."),
        InputField("phone", "phone", "phone number", FieldType.PHONE),
        InputField("job", "job", "job title"),
        InputField("nStudent", "n_student", "number of students",
                   prompt="Please enter the number of students at your school."),
        InputField("mis", "mis", mis_label),
        InputField("ss", "ss", "answer about using our product now"),
        InputField("about", "about", "answer to how you heard about us", prompt="Please tell us how you heard about us."),
        InputField("tSchool", "t_school", "type of school", prompt="Please choose your type of school."),
    )


def _flags(pairs: tuple[tuple[str, str, str], ...]) -> tuple[InputField, ...]:
    return tuple(InputField(name, column, label, FieldType.FLAG) for name, column, label in pairs)


MODULE_FLAGS = _flags((
    ("studnetSmart", "student_smart", "Student Smart"), ("hrSmart", "hr_smart", "HR Smart"),
    ("academicSmart", "academic_smart", "Academic Smart"),
    ("communicationSmart", "communication_smart", "Communication Smart"),
    ("pastoralSmart", "pastoral_smart", "Wellbeing (Pastoral Smart)"),
    ("timetableSmart", "timetable_smart", "Timetable Smart"), ("librarySmart", "library_smart", "Library Smart"),
    ("reportSmart", "report_smart", "Report Smart"), ("financeSmart", "finance_smart", "Finance Smart"),
    ("administrationSmart", "administration_smart", "Administration Smart"),
))
RESPONSIBILITY_FLAGS = _flags((
    ("academic", "resp_academic", "academic responsibility"),
    ("communication", "resp_communication", "communication responsibility"),
    ("administration", "resp_administration", "administration responsibility"),
    ("it", "resp_it", "IT responsibility"), ("admission", "resp_admission", "admission responsibility"),
    ("pastoral", "resp_pastoral", "pastoral responsibility"), ("finance", "resp_finance", "finance responsibility"),
))
PRODUCT = InputField("product", "product", "product name")

FORMS: dict[LeadKind, LeadForm] = {
    LeadKind.PRODUCT_VIDEO: LeadForm(LeadKind.PRODUCT_VIDEO, models.ProductVideoLead, _as_in(
        forms.PRODUCT_VIDEO,
        InputField("name", "name", "name"),
        InputField("email", "email", "email address", FieldType.EMAIL),
        InputField("contactNo", "contact_no", "contact number", FieldType.PHONE),
        PRODUCT,
    )),
    LeadKind.SCHEDULE_DEMO: LeadForm(LeadKind.SCHEDULE_DEMO, models.ScheduleDemoLead, (
        *_demo_contact(forms.SCHEDULE, "current MIS/SIS system"), *MODULE_FLAGS, *RESPONSIBILITY_FLAGS,
    )),
    LeadKind.SIGNUP_DEMO: LeadForm(LeadKind.SIGNUP_DEMO, models.SignupDemoLead, (
        *_demo_contact(forms.SIGNUP, "current admission system"), InputField("website", "website", "school website"),
    )),
    LeadKind.PRODUCT_DEMO: LeadForm(LeadKind.PRODUCT_DEMO, models.ProductDemoLead, (
        *_demo_contact(forms.DEMO_REQUEST, "current MIS/SIS system"), PRODUCT,
    )),
    LeadKind.CAREERS: LeadForm(LeadKind.CAREERS, models.CareersApplication, _as_in(
        forms.CAREERS,
        InputField("firstName", "first_name", "first name"),
        InputField("lastName", "last_name", "last name"),
        InputField("email", "email", "email address", FieldType.EMAIL),
        InputField("mobile", "mobile", "mobile number", FieldType.PHONE),
        InputField("country", "country", "country", prompt="Please choose your country."),
        InputField("city", "city", "city"),
        InputField("position", "position", "position", FieldType.CHOICE,
                   prompt="Please choose the position you are applying for."),
        InputField("skillDescription", "skill_description", "skill description", FieldType.MULTILINE),
        InputField("training", "training", "training and certification", FieldType.MULTILINE),
    )),
}
