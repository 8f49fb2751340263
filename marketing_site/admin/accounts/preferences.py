"""A staff member's own settings: the time zone every time is shown in (empty: the browser's, else the
company's). Audited like every change."""

from __future__ import annotations

from marketing_site.admin.audit import audit
from marketing_site.admin.staff_db import staff_write_session
from marketing_site.booking.setup.host_changes import time_zones
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.models import StaffUser
from marketing_site.staff.refused import ChangeRefused

CHOOSABLE_EXTRA = ("UTC",)


def zones() -> tuple[str, ...]:
    return CHOOSABLE_EXTRA + time_zones()


def time_zone_set(user: StaffUser, chosen: str) -> None:
    chosen = chosen.strip()
    if chosen and chosen not in zones():
        raise ChangeRefused("Choose a time zone from the list (e.g. Asia/Muscat, Asia/Karachi)")
    with staff_write_session() as db_session:
        account = db_session.get(StaffUser, user.id)
        if account is None:
            raise ChangeRefused("This account no longer exists")
        account.time_zone = chosen or None
        db_session.add(account)
        audit(db_session, user.id, AuditAction.TIME_ZONE, detail=chosen or "the browser's")
        db_session.commit()
