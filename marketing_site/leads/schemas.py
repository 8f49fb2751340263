"""Input schemas: which fields each lead kind accepts, under which API name, and how to check them.

Kept apart from the tables so the public spelling (``studnetSmart``, ``nStudent``) and the
visitor-facing wording never leak into the database schema.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from sqlmodel import SQLModel

from marketing_site.content import forms
from marketing_site.content.messages import DEFAULT_LANGUAGE, has_message, message
from marketing_site.content.types import Choice, LeadFormCopy
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
    type: FieldType = FieldType.TEXT
    label: str = ""  # message id of the noun phrase naming it in messages; "label.<name>" when empty
    label_values: tuple[tuple[str, str], ...] = ()  # placeholders of that label (a flag's visible choice)
    required: bool = False  # set from the form's copy (content/forms.py), the one definition
    choices: tuple[str, ...] = ()  # CHOICE fields: the options of the form's copy

    def label_text(self, language: str = DEFAULT_LANGUAGE) -> str:
        return message(self.label or f"label.{self.name}", language, **dict(self.label_values))

    def missing_message(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The field's own sentence (content/messages.py ``required.<name>``) or the generic one."""
        if has_message(own := f"required.{self.name}"):
            return message(own, language)
        return message("field.required", language, label=self.label_text(language))


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
    InputField("consentCommunications", "consent_communications_at", FieldType.CONSENT),
    InputField("consentDataProcessing", "consent_data_processing_at", FieldType.CONSENT),
)

# Context values (where the lead came from), checked like any other text.
CONTEXT_FIELDS = (
    InputField("page", "source_page"),
    InputField("referrer", "referrer"),
    InputField("consentTextVersion", "consent_text_version"),
    *(InputField(name, name) for name in UTM_KEYS),
)


def _demo_contact(copy: LeadFormCopy, system_label: str = "") -> tuple[InputField, ...]:
    return _as_in(
        copy,
        InputField("email", "email", FieldType.EMAIL),
        InputField("firstName", "first_name"),
        InputField("lastName", "last_name"),
        InputField("school", "school"),
        InputField("country", "country"),
        InputField("phone", "phone", FieldType.PHONE),
        InputField("job", "job"),
        InputField("nStudent", "n_student"),
        InputField("mis", "mis", label=system_label),
        InputField("ss", "ss"),
        InputField("about", "about"),
        InputField("tSchool", "t_school"),
    )


def _flags(choices: tuple[Choice, ...], column: str, label: str) -> tuple[InputField, ...]:
    """Yes/No flags named and labelled as the form's checkboxes (content/forms.py)."""
    return tuple(InputField(choice.name, column.format(choice.name), FieldType.FLAG, label, (("choice", choice.label),))
                 for choice in choices)


_MODULE_COLUMNS = {"studnetSmart": "student_smart", "hrSmart": "hr_smart", "academicSmart": "academic_smart",
                   "communicationSmart": "communication_smart", "pastoralSmart": "pastoral_smart",
                   "timetableSmart": "timetable_smart", "librarySmart": "library_smart", "reportSmart": "report_smart",
                   "financeSmart": "finance_smart", "administrationSmart": "administration_smart"}
MODULE_FLAGS = tuple(replace(flag, column=_MODULE_COLUMNS[flag.name])
                     for flag in _flags(forms.MODULE_CHOICES, "", "label.choice"))
RESPONSIBILITY_FLAGS = _flags(forms.RESPONSIBILITY_CHOICES, "resp_{}", "label.responsibility")
PRODUCT = InputField("product", "product")

FORMS: dict[LeadKind, LeadForm] = {
    LeadKind.PRODUCT_VIDEO: LeadForm(LeadKind.PRODUCT_VIDEO, models.ProductVideoLead, _as_in(
        forms.PRODUCT_VIDEO,
        InputField("name", "name"),
        InputField("email", "email", FieldType.EMAIL),
        InputField("contactNo", "contact_no", FieldType.PHONE),
        PRODUCT,
    )),
    LeadKind.SCHEDULE_DEMO: LeadForm(LeadKind.SCHEDULE_DEMO, models.ScheduleDemoLead, (
        *_demo_contact(forms.SCHEDULE), *MODULE_FLAGS, *RESPONSIBILITY_FLAGS,
    )),
    LeadKind.SIGNUP_DEMO: LeadForm(LeadKind.SIGNUP_DEMO, models.SignupDemoLead, (
        *_demo_contact(forms.SIGNUP, "label.mis.admission"), InputField("website", "website"),
    )),
    LeadKind.PRODUCT_DEMO: LeadForm(LeadKind.PRODUCT_DEMO, models.ProductDemoLead, (
        *_demo_contact(forms.DEMO_REQUEST), PRODUCT,
    )),
    LeadKind.CAREERS: LeadForm(LeadKind.CAREERS, models.CareersApplication, _as_in(
        forms.CAREERS,
        InputField("firstName", "first_name"),
        InputField("lastName", "last_name"),
        InputField("email", "email", FieldType.EMAIL),
        InputField("mobile", "mobile", FieldType.PHONE),
        InputField("country", "country"),
        InputField("city", "city"),
        InputField("position", "position", FieldType.CHOICE),
        InputField("skillDescription", "skill_description", FieldType.MULTILINE),
        InputField("training", "training", FieldType.MULTILINE),
    )),
}
