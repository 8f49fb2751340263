"""The names people read for what a lead stores as codes: its kind ("ScheduleDemo"), the modules and
responsibilities it ticked ("hrSmart", "it"). One source, the content data (the forms' own choice labels and
the mails' kind names), in any language of the site; staff pages, staff mails and the CSV all read these."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from marketing_site.content.messages import choice_name, message
from marketing_site.leads.models import LeadModule, LeadResponsibility
from marketing_site.leads.schemas import LeadKind, lead_form
from marketing_site.mail.render import STAFF_LANGUAGE


def kind_name(kind: str, language: str = STAFF_LANGUAGE) -> str:
    """ "Demo booking", "Job application": the kind as the visitor's mails name it, as a heading."""
    if kind not in set(LeadKind):
        return kind
    name = message(f"mail.kind.{kind}", language)
    return name[:1].upper() + name[1:]


@cache
def _choices() -> dict[type, dict[str, str]]:
    """Stored value -> the English label of its checkbox, per flag table (the schedule form's boxes)."""
    return {
        group.table: {flag.column: dict(flag.label_values)["choice"] for flag in group.flags}
        for group in lead_form(LeadKind.SCHEDULE_DEMO).flag_groups
    }


def _names(table: type, stored: Iterable[str], language: str) -> list[str]:
    """The labels of ``stored`` values in the form's order (a value no form offers, e.g. an old API client's,
    as it is, last)."""
    labels = _choices()[table]
    order = {value: index for index, value in enumerate(labels)}
    ranked = sorted(stored, key=lambda value: (order.get(value, len(order)), value))
    return [choice_name(labels[value], language) if value in labels else value for value in ranked]


def module_names(stored: Iterable[str], language: str = STAFF_LANGUAGE) -> list[str]:
    """ "Student Smart" for "studentSmart", …"""
    return _names(LeadModule, stored, language)


def responsibility_names(stored: Iterable[str], language: str = STAFF_LANGUAGE) -> list[str]:
    """ "IT" for "it", …"""
    return _names(LeadResponsibility, stored, language)


def module_choices() -> list[tuple[str, str]]:
    """(stored value, English name) of every module a visitor can tick, in the form's order (the inbox filter)."""
    return list(_choices()[LeadModule].items())
