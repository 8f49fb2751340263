"""A lead's page as a person reads it: who it is (and how to reach them in one tap), their school, what they
want, what they agreed to, where they came from. Human labels, the content's own names for codes, and
nothing for a field left empty or never asked; the UTM rows only when a campaign tagged the visit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import phonenumbers
from babel import Locale

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.work.inbox_query import country_name
from marketing_site.content.forms import CONSENT_CHOICES, CONSENT_TEXT_VERSION
from marketing_site.leads.attribution import CAMPAIGN_KEYS
from marketing_site.leads.labels import module_names, responsibility_names
from marketing_site.leads.models import Lead, LeadTouch, Touch, display_name
from marketing_site.leads.owners.owner_mails import HANDED_ON, WAITING
from marketing_site.leads.schemas import UTM_KEYS, LeadKind
from marketing_site.mail.models import Audience, OutboxMail
from marketing_site.mail.render import STAFF_LANGUAGE

# What each mail of the lead's page is, by whom it is for (the owner's two kinds told apart by their subject).
MAIL_LABELS = {
    Audience.STAFF: "Shared address",
    Audience.VISITOR: "Visitor",
    Audience.HOST: "Host",
    Audience.REMINDER: "Visitor's reminder",
    Audience.OWNER: "Owner's notice",
    Audience.ESCALATION: "Escalation",
    Audience.ACCOUNT: "Account",
    Audience.OUTCOME: "Host: held or no-show?",
    Audience.UNMARKED: "Host: still unmarked",
    Audience.MISSED: "Missed",
    Audience.RECAP: "Recap",
}


@dataclass(frozen=True)
class Row:
    label: str
    value: str
    href: str = ""  # a tel:, mailto: or WhatsApp link for the value
    typed: bool = True  # a visitor typed it: shown isolated (<bdi>), it may run right to left


@dataclass(frozen=True)
class Section:
    heading: str
    rows: list[Row]


@dataclass(frozen=True)
class Contact:
    """A one-tap way to reach the person."""

    label: str
    href: str
    shows: str  # the number or address, as the link's visible text


def phone_shown(lead: Lead) -> str:
    """+968 9123 4567: the international form of the stored E.164 number (the typed text if unreadable)."""
    try:
        return phonenumbers.format_number(
            phonenumbers.parse(lead.phone_e164), phonenumbers.PhoneNumberFormat.INTERNATIONAL
        )
    except phonenumbers.NumberParseException:
        return lead.phone_raw


def contacts(lead: Lead) -> list[Contact]:
    """Call, WhatsApp (wa.me takes the number's digits) and mail."""
    found = [Contact("Email", f"mailto:{lead.email}", lead.email)]
    if lead.phone_e164.startswith("+") and lead.phone_e164[1:].isdigit():
        shown = phone_shown(lead)
        found[:0] = [
            Contact("Call", f"tel:{lead.phone_e164}", shown),
            Contact("WhatsApp", f"https://wa.me/{lead.phone_e164[1:]}", shown),
        ]
    return found


def mail_label(mail: OutboxMail) -> str:
    """ "Owner's notice" (the lead is theirs) and "Owner's reminder" (it still waits) are two different mails."""
    if mail.audience == Audience.OWNER and mail.subject.startswith(WAITING):
        return "Owner's reminder"
    if mail.audience == Audience.OWNER and mail.subject.startswith(HANDED_ON):
        return "Previous owner"
    return MAIL_LABELS.get(Audience(mail.audience), mail.audience) if mail.audience in set(Audience) else mail.audience


def _rows(*pairs: tuple[str, str | None]) -> list[Row]:
    return [Row(label, value) for label, value in pairs if value]


def _consent(agreed_at_label: str, wording: str, lead_version: str, moment: datetime | None, clock: StaffClock) -> Row:
    if moment is None:
        return Row(agreed_at_label, "Not agreed", typed=False)
    said = f": “{wording}”" if lead_version.partition("/")[0] == CONSENT_TEXT_VERSION else ""
    return Row(agreed_at_label, f"Agreed {clock.when(moment)}{said}", typed=False)


TOUCH_NAMES = {Touch.FIRST: "First touch", Touch.LAST: "Last touch"}


def campaign_label(key: str) -> str:
    """ "UTM source", "gclid": a campaign parameter as staff read it (click IDs keep their networks' names)."""
    return key.replace("utm_", "UTM ")


def touch_rows(touch: Touch, row: LeadTouch | None, clock: StaffClock) -> list[Row]:
    """One visit that brought the person: its channel, when, where they landed and from where, every parameter."""
    name = TOUCH_NAMES[touch]
    if row is None:
        return [Row(name, "Not known (the browser kept none)", typed=False)]
    return [
        Row(name, f"{row.source} / {row.medium} / {row.campaign}"),
        *_rows(
            (f"{name}: landed", clock.when(row.landed_at) if row.landed_at else None),
            (f"{name}: landing page", row.landing_url),
            (f"{name}: came from", row.referrer),
            *((f"{name}: {campaign_label(key)}", getattr(row, key)) for key in CAMPAIGN_KEYS),
        ),
    ]


def sections(
    lead: Lead,
    modules: list[str],
    responsibilities: list[str],
    clock: StaffClock,
    touches: dict[Touch, LeadTouch] | None = None,
) -> list[Section]:
    careers = lead.kind == LeadKind.CAREERS
    phone = Row("Phone", phone_shown(lead), f"tel:{lead.phone_e164}") if lead.phone_e164 else None
    who = [
        *_rows(("Name", display_name(lead)), ("Job title", lead.job_title)),
        Row("Email", lead.email, f"mailto:{lead.email}"),
        *([phone] if phone else []),
        *(_rows(("City", lead.city), ("Country", lead.country and country_name(lead.country))) if careers else []),
    ]
    system = "Admission system today" if lead.kind == LeadKind.SIGNUP_DEMO else "MIS/SIS today"
    school = _rows(
        ("School", lead.school),
        ("Type of school", lead.school_type),
        ("Students", lead.student_count),
        ("Country", None if careers else lead.country and country_name(lead.country)),
        ("Website", lead.website),
        (system, lead.current_system),
        ("Uses Smart School Suite now", lead.current_product_use),
    )
    interest = _rows(
        ("Modules", ", ".join(module_names(modules))),
        ("Responsible for", ", ".join(responsibility_names(responsibilities))),
        ("Product", lead.product),
    )
    application = _rows(("Position", lead.position), ("Skills", lead.skill_description), ("Training", lead.training))
    asked = LeadKind(lead.kind).asks_consent or lead.consent_text_version  # the careers form asks neither
    given = lead.consent_communications_at or lead.consent_data_processing_at
    consent = [
        _consent(
            "Other communications",
            CONSENT_CHOICES[0].label,
            lead.consent_text_version,
            lead.consent_communications_at,
            clock,
        ),
        _consent(
            "Storing their data",
            CONSENT_CHOICES[1].label,
            lead.consent_text_version,
            lead.consent_data_processing_at,
            clock,
        ),
        *_rows(("Wording version", lead.consent_text_version)),
    ]
    consent = consent if asked or given else []  # never "Not agreed" to a question the form did not ask
    source = _rows(
        ("Page", lead.source_page),
        ("Language of the page", Locale.parse(STAFF_LANGUAGE).languages.get(lead.language, lead.language)),
        ("Came from", lead.referrer),
        *((key.replace("utm_", "UTM "), getattr(lead, key)) for key in UTM_KEYS),
        ("Heard about us", lead.heard_about_us),
    )
    # The visits that brought the person (leads/attribution.py); leads from before it was kept have no rows
    if touches:
        source += [row for touch in Touch for row in touch_rows(touch, touches.get(touch), clock)]
    found = [
        Section("Who", who),
        Section("School", school),
        Section("Application" if careers else "Interest", application if careers else interest),
        Section("Consent", consent),
        Section("Source", source),
    ]
    return [section for section in found if section.rows]
