"""Staff roles and what each may see: the one place the role rules live."""

from __future__ import annotations

import enum

from marketing_site.leads.schemas import LeadKind


class Role(str, enum.Enum):
    SALES = "sales"  # demo leads
    HR = "hr"  # job applications and their résumés
    ADMIN = "admin"  # everything, and staff users


DEMO_KINDS = tuple(kind.value for kind in LeadKind if kind is not LeadKind.CAREERS)
KINDS_SEEN: dict[Role, tuple[str, ...]] = {
    Role.SALES: DEMO_KINDS,
    Role.HR: (LeadKind.CAREERS.value,),
    Role.ADMIN: tuple(kind.value for kind in LeadKind),
}


def kinds_seen(role: str) -> tuple[str, ...]:
    return KINDS_SEEN[Role(role)]


def may_download_resumes(role: str) -> bool:
    return Role(role) in (Role.HR, Role.ADMIN)


def may_erase(role: str) -> bool:
    """Erasing a person removes leads of every kind, so only a role that sees every kind may do it."""
    return Role(role) is Role.ADMIN


def may_host_demos(role: str) -> bool:
    """Demos are given by the people who work the demo leads."""
    return Role(role) in (Role.SALES, Role.ADMIN)


def may_edit_host(role: str, user_id: int, host_id: int) -> bool:
    """A salesperson sets their own availability; an admin anyone's."""
    return Role(role) is Role.ADMIN or (may_host_demos(role) and user_id == host_id)


def may_change_booking_rules(role: str) -> bool:
    return Role(role) is Role.ADMIN
