"""What each staff role may see and do: the one place the role rules live (the roles: ``staff.models.Role``)."""

from __future__ import annotations

from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.models import Role

KINDS_SEEN: dict[Role, tuple[str, ...]] = {
    Role.SALES: tuple(kind.value for kind in LeadKind if kind.team is Role.SALES),
    Role.HR: tuple(kind.value for kind in LeadKind if kind.team is Role.HR),
    Role.ADMIN: tuple(kind.value for kind in LeadKind),
}


def kinds_seen(role: str) -> tuple[str, ...]:
    return KINDS_SEEN[Role(role)]


def may_download_resumes(role: str) -> bool:
    return Role(role) in (Role.HR, Role.ADMIN)


def may_erase(role: str) -> bool:
    """Erasing a person removes leads of every kind, so only a role that sees every kind may do it."""
    return Role(role) is Role.ADMIN


def may_read_channels(role: str) -> bool:
    """The channel report (which campaigns bring demos) is for the people who sell, and the admins."""
    return Role(role) in (Role.SALES, Role.ADMIN)


def may_host_demos(role: str) -> bool:
    """Demos are given by the people who work the demo leads."""
    return Role(role) in (Role.SALES, Role.ADMIN)


def may_edit_host(role: str, user_id: int, host_id: int) -> bool:
    """A salesperson sets their own availability; an admin anyone's."""
    return may_edit_any_host(role) or (may_host_demos(role) and user_id == host_id)


def may_edit_any_host(role: str) -> bool:
    return Role(role) is Role.ADMIN


def may_change_booking_rules(role: str) -> bool:
    return Role(role) is Role.ADMIN


def may_manage_staff(role: str) -> bool:
    """The staff list (and, later, accounts) is the admins'."""
    return Role(role) is Role.ADMIN


def may_route_leads(role: str) -> bool:
    """Who takes leads, the response times, and the webhook endpoints are the admins'."""
    return Role(role) is Role.ADMIN


def may_take(role: str, team: Role) -> bool:
    """A salesperson takes demo leads, HR applications; an admin may take either."""
    return Role(role) in (team, Role.ADMIN)
