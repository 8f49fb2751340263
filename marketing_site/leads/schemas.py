"""Input schemas: which fields each lead kind accepts, under which API name, and how to check them.

Kept apart from the tables so the public spelling (``studnetSmart``, ``nStudent``) and the
visitor-facing wording never leak into the database schema.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlmodel import SQLModel

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
    required: bool = False
    prompt: str = ""  # message when a required value is missing
    choices: tuple[str, ...] = ()

    @property
    def missing_message(self) -> str:
        return self.prompt or f"Please enter your {self.label}."


@dataclass(frozen=True)
class LeadForm:
    kind: LeadKind
    model: type[SQLModel]
    fields: tuple[InputField, ...]


CAREER_POSITIONS = (
    "Web Development", "Mobile Application Development", "Graphic Designing", "Digital Marketing",
    "Content Writing", "Physics", "Chemistry", "Biology", "Mathematics", "General Science",
    "English teacher",
)

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
    *(InputField(name, name, name.replace("_", " ")) for name in
      ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")),
)


def _demo_contact(mis_label: str) -> tuple[InputField, ...]:
    return (
        InputField("email", "email", "email address", FieldType.EMAIL, required=True),
        InputField("firstName", "first_name", "first name", required=True),
        InputField("lastName", "last_name", "last name", required=True),
        InputField("school", "school", "school name", required=True),
        InputField("country", "country", "country", required=True, prompt="Please choose your country."),
        InputField("phone", "phone", "phone number", FieldType.PHONE, required=True),
        InputField("job", "job", "job title", required=True),
        InputField("nStudent", "n_student", "number of students", required=True,
                   prompt="Please enter the number of students at your school."),
        InputField("mis", "mis", mis_label, required=True),
        InputField("ss", "ss", "answer about using our product now"),
        InputField("about", "about", "answer to how you heard about us", required=True,
                   prompt="Please tell us how you heard about us."),
        InputField("tSchool", "t_school", "type of school", required=True,
                   prompt="Please choose your type of school."),
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
    LeadKind.PRODUCT_VIDEO: LeadForm(LeadKind.PRODUCT_VIDEO, models.ProductVideoLead, (
        InputField("name", "name", "name", required=True),
        InputField("email", "email", "email address", FieldType.EMAIL, required=True),
        InputField("contactNo", "contact_no", "contact number", FieldType.PHONE, required=True),
        PRODUCT,
    )),
    LeadKind.SCHEDULE_DEMO: LeadForm(LeadKind.SCHEDULE_DEMO, models.ScheduleDemoLead, (
        *_demo_contact("current MIS/SIS system"), *MODULE_FLAGS, *RESPONSIBILITY_FLAGS,
    )),
    LeadKind.SIGNUP_DEMO: LeadForm(LeadKind.SIGNUP_DEMO, models.SignupDemoLead, (
        *_demo_contact("current admission system"), InputField("website", "website", "school website"),
    )),
    LeadKind.PRODUCT_DEMO: LeadForm(LeadKind.PRODUCT_DEMO, models.ProductDemoLead, (
        *_demo_contact("current MIS/SIS system"), PRODUCT,
    )),
    LeadKind.CAREERS: LeadForm(LeadKind.CAREERS, models.CareersApplication, (
        InputField("firstName", "first_name", "first name", required=True),
        InputField("lastName", "last_name", "last name", required=True),
        InputField("email", "email", "email address", FieldType.EMAIL, required=True),
        InputField("mobile", "mobile", "mobile number", FieldType.PHONE, required=True),
        InputField("country", "country", "country", required=True, prompt="Please choose your country."),
        InputField("city", "city", "city", required=True),
        InputField("position", "position", "position", FieldType.CHOICE, required=True,
                   prompt="Please choose the position you are applying for.", choices=CAREER_POSITIONS),
        InputField("skillDescription", "skill_description", "skill description", FieldType.MULTILINE),
        InputField("training", "training", "training and certification", FieldType.MULTILINE),
    )),
}
