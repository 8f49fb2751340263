"""The names people read for what a lead stores as codes: its kind ("ScheduleDemo"), the modules and
responsibilities it ticked ("hrSmart", "it"). One source, the content data (the modules' own names, the form's
responsibility labels, the mails' kind names), in any language of the site; staff pages, staff mails and the
CSV all read these."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from marketing_site.content.messages import choice_name, message
from marketing_site.content.modules import MODULES
from marketing_site.leads.models import LeadResponsibility
from marketing_site.leads.schemas import LeadKind, lead_form
from marketing_site.mail.render import STAFF_LANGUAGE


def kind_name(kind: str, language: str = STAFF_LANGUAGE) -> str:
    """ "Demo booking", "Job application": the kind as the visitor's mails name it, as a heading."""
    if kind not in set(LeadKind):
        return kind
    name = message(f"mail.kind.{kind}", language)
    return name[:1].upper() + name[1:]


@cache
def _modules() -> dict[str, str]:
    """Stored value -> the module's own name, in the order the site lists them."""
    return {module.slug: module.name for module in MODULES}


@cache
def _responsibilities() -> dict[str, str]:
    """Stored value -> the label of its checkbox on the schedule form, in the form's order."""
    [group] = (group for group in lead_form(LeadKind.SCHEDULE_DEMO).flag_groups if group.table is LeadResponsibility)
    return {flag.column: dict(flag.label_values)["choice"] for flag in group.flags}


def _named(labels: dict[str, str], stored: Iterable[str], language: str) -> list[str]:
    """The labels of ``stored`` values in the labels' order; a value none has (an old API client's) as it is, last."""
    order = {value: index for index, value in enumerate(labels)}
    ranked = sorted(stored, key=lambda value: (order.get(value, len(order)), value))
    return [choice_name(labels[value], language) if value in labels else value for value in ranked]


def module_names(stored: Iterable[str], language: str = STAFF_LANGUAGE) -> list[str]:
    """ "Student Smart" for "studentSmart", …"""
    return _named(_modules(), stored, language)


def responsibility_names(stored: Iterable[str], language: str = STAFF_LANGUAGE) -> list[str]:
    """ "IT" for "it", …"""
    return _named(_responsibilities(), stored, language)


def module_choices() -> list[tuple[str, str]]:
    """(stored value, name) of every module, in the site's order (the inbox filter)."""
    return list(_modules().items())
