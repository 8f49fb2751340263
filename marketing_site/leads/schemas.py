"""Input schemas: which fields each lead kind accepts, under which API name, and where each is stored.

Kept apart from the tables so the public spelling (``studnetSmart``, ``nStudent``) never leaks into
the database schema. Which fields are required and the careers positions come from the forms' copy
(content/forms.py); the words of every message from content/messages.py.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from sqlmodel import SQLModel

from marketing_site import routes
from marketing_site.content import forms
from marketing_site.content.messages import choice_name, has_message, message
from marketing_site.content.types import Choice, LeadFormCopy
from marketing_site.leads.models import LeadModule, LeadResponsibility
from marketing_site.leads.statuses import HrStatus, LeadStatus, Pipeline
from marketing_site.staff.models import Role


class LeadKind(enum.StrEnum):
    PRODUCT_VIDEO = "ProductVideo"
    SCHEDULE_DEMO = "ScheduleDemo"
    SIGNUP_DEMO = "SignupDemo"
    PRODUCT_DEMO = "ProductDemo"
    CAREERS = "Careers"

    @property
    def team(self) -> Role:
        """The staff role whose work this kind of lead is: HR reads applications, sales the demo leads."""
        return Role.HR if self is LeadKind.CAREERS else Role.SALES

    @property
    def pipeline(self) -> Pipeline:
        """The statuses a lead of this kind moves through: the hiring pipeline for HR's, else the sales one."""
        return HrStatus if self.team is Role.HR else LeadStatus

    @property
    def asks_consent(self) -> bool:
        """Whether its form on the site asks the two consent questions (and requires them): the demo forms do;
        the product video (a video, nothing follows) and a job application (HR keeps it to hire) do not."""
        return self in (LeadKind.SCHEDULE_DEMO, LeadKind.SIGNUP_DEMO, LeadKind.PRODUCT_DEMO)


class FieldType(enum.Enum):
    TEXT = "text"
    MULTILINE = "multiline"
    EMAIL = "email"
    PHONE = "phone"  # stored as phone_e164 and phone_raw
    FLAG = "flag"  # Yes/No or boolean; a ticked flag is a row of its FlagGroup's table
    CONSENT = "consent"  # Yes/No or boolean; stored as the time it was given
    CHOICE = "choice"  # one of the form's options (named in any language), stored under its English name
    SUGGESTED = "suggested"  # typed text with suggestions: a suggestion is stored like a CHOICE, other text as typed


@dataclass(frozen=True)
class InputField:
    name: str  # API / form field name
    column: str  # Lead column; a FLAG's value stored in its group's table
    type: FieldType = FieldType.TEXT
    label: str = ""  # message id of the noun phrase naming it in messages; "label.<name>" when empty
    label_values: tuple[tuple[str, str], ...] = ()  # placeholders of that label (a flag's visible choice)
    required: bool = False  # set from the form's copy (content/forms.py), the one definition
    choices: tuple[str, ...] = ()  # CHOICE and SUGGESTED fields: the options of the form's copy

    def label_text(self) -> str:
        """In the language being spoken, like every message."""
        values = {key: choice_name(value) for key, value in self.label_values}  # a checkbox's own label
        return message(self.label or f"label.{self.name}", **values)

    def missing_message(self) -> str:
        """The field's own sentence (content/messages.py ``required.<name>``) or the generic one."""
        if has_message(own := f"required.{self.name}"):
            return message(own)
        return message("field.required", label=self.label_text())


@dataclass(frozen=True)
class FlagGroup:
    """Checkboxes stored as one row each in ``table`` (its ``attribute`` holds the flag's value)."""

    table: type[SQLModel]
    attribute: str
    flags: tuple[InputField, ...]


@dataclass(frozen=True)
class LeadForm:
    fields: tuple[InputField, ...]
    flag_groups: tuple[FlagGroup, ...] = ()


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

_DEMO_CONTACT = (
    InputField("email", "email", FieldType.EMAIL),
    InputField("firstName", "first_name"),
    InputField("lastName", "last_name"),
    InputField("school", "school"),
    InputField("country", "country"),
    InputField("phone", "phone", FieldType.PHONE),
    InputField("job", "job_title"),
    InputField("nStudent", "student_count"),
    InputField("mis", "current_system"),
    InputField("ss", "current_product_use"),
    InputField("about", "heard_about_us"),
    InputField("tSchool", "school_type"),
)
# The sign-up form asks for the admission system in use where the others ask for the MIS.
_SIGNUP_CONTACT = tuple(
    replace(spec, label="label.mis.admission") if spec.name == "mis" else spec for spec in _DEMO_CONTACT
)
PRODUCT = InputField("product", "product")

# Each kind's visible form (content/forms.py) and the fields the API accepts for it.
_FIELDS: dict[LeadKind, tuple[LeadFormCopy, tuple[InputField, ...]]] = {
    LeadKind.PRODUCT_VIDEO: (
        forms.PRODUCT_VIDEO,
        (
            InputField("name", "full_name"),
            InputField("email", "email", FieldType.EMAIL),
            InputField("contactNo", "phone", FieldType.PHONE),
            PRODUCT,
        ),
    ),
    LeadKind.SCHEDULE_DEMO: (forms.SCHEDULE, _DEMO_CONTACT),
    LeadKind.SIGNUP_DEMO: (forms.SIGNUP, (*_SIGNUP_CONTACT, InputField("website", "website"))),
    LeadKind.PRODUCT_DEMO: (forms.DEMO_REQUEST, (*_DEMO_CONTACT, PRODUCT)),
    LeadKind.CAREERS: (
        forms.CAREERS,
        (
            InputField("firstName", "first_name"),
            InputField("lastName", "last_name"),
            InputField("email", "email", FieldType.EMAIL),
            InputField("mobile", "phone", FieldType.PHONE),
            InputField("country", "country"),
            InputField("city", "city"),
            InputField("position", "position", FieldType.SUGGESTED),  # docs/lead-api.md: a typed position is kept
            InputField("skillDescription", "skill_description", FieldType.MULTILINE),
            InputField("training", "training", FieldType.MULTILINE),
        ),
    ),
}
# The spec spells the Student Smart flag "studnetSmart"; every module is stored under its route's slug.
_SPEC_SPELLING = {"studnetSmart": routes.slug(routes.STUDENT_SMART)}


def lead_form(kind: LeadKind) -> LeadForm:
    """A kind's fields, required and with choices exactly as its visible form has them, and its checkboxes.

    Assembled on each call (microseconds, once per lead) rather than once at import, so mutation
    testing (`make mutation`), which cannot reach code run at import, checks it like the rest.
    """
    copy, fields = _FIELDS[kind]
    visible = {field.name: field for field in copy.fields}
    return LeadForm(
        tuple(
            replace(
                spec,
                required=spec.name in visible and visible[spec.name].required,
                choices=visible[spec.name].options if spec.type in (FieldType.CHOICE, FieldType.SUGGESTED) else (),
            )
            for spec in fields
        ),
        _checkboxes() if kind is LeadKind.SCHEDULE_DEMO else (),
    )


def _checkboxes() -> tuple[FlagGroup, ...]:
    """The schedule form's modules and responsibilities, each box a Yes/No flag named as on the form."""
    return (
        FlagGroup(LeadModule, "module", _flags(forms.MODULE_CHOICES, "label.choice", _SPEC_SPELLING)),
        FlagGroup(
            LeadResponsibility, "responsibility", _flags(forms.RESPONSIBILITY_CHOICES, "label.responsibility", {})
        ),
    )


def _flags(choices: tuple[Choice, ...], label: str, stored: dict[str, str]) -> tuple[InputField, ...]:
    """One flag per checkbox, stored under its own name unless ``stored`` renames it."""
    return tuple(
        InputField(
            choice.name, stored.get(choice.name, choice.name), FieldType.FLAG, label, (("choice", choice.label),)
        )
        for choice in choices
    )


def accepted_fields(form: LeadForm) -> tuple[InputField, ...]:
    """Every visitor field of a form: its columns, its flags and the two consents."""
    return (*form.fields, *(flag for group in form.flag_groups for flag in group.flags), *CONSENT_FIELDS)
