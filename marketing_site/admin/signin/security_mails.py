"""Mails to a staff member about their own account: the invitation, and every security event (a sign-in
from a new device, a sign-in method added or removed, a recovery code used, the password changed, the
methods reset by an administrator). Written to the outbox in the transaction of the change they report."""

from __future__ import annotations

import enum
from datetime import datetime

from sqlmodel import Session

from marketing_site.core.clock import utc_now
from marketing_site.mail.models import Audience
from marketing_site.mail.queue import Mail, queue
from marketing_site.mail.render import MailBodies, MailTemplates, subject_line
from marketing_site.settings import settings
from marketing_site.staff.models import StaffUser

_templates = MailTemplates("marketing_site.admin")


class SecurityEvent(enum.StrEnum):
    NEW_DEVICE = "New sign-in to your staff account from a new device"
    FACTOR_ADDED = "A sign-in method was added to your staff account"
    FACTOR_REMOVED = "A sign-in method was removed from your staff account"
    RECOVERY_CODE_USED = "A recovery code was used to sign in to your staff account"
    PASSWORD_CHANGED = "The password of your staff account was changed"
    FACTORS_RESET = "An administrator reset the sign-in methods of your staff account"


def _queue(db_session: Session, user: StaffUser, subject: str, bodies: MailBodies) -> None:
    queue(db_session, Mail(Audience.ACCOUNT, user.email, subject_line(subject), bodies))


def security_mail(
    db_session: Session, user: StaffUser, event: SecurityEvent, detail: str, address: str = "", device: str = ""
) -> None:
    bodies = _templates.render(
        "security",
        headline=event.value,
        detail=detail,
        when=utc_now().strftime("%Y-%m-%d %H:%M"),
        address=address,
        device=device,
        link=f"{settings.staff_url}/account",
    )
    _queue(db_session, user, event.value, bodies)


def invitation_mail(db_session: Session, user: StaffUser, token: str, until: datetime, first: bool) -> None:
    intro = (
        f"You have a new account in the Smart School Suite staff area ({user.role})."
        if first
        else "An administrator sent you a link to choose a new password for the Smart School Suite staff area."
    )
    bodies = _templates.render(
        "invitation",
        intro=intro,
        link=f"{settings.staff_url}/invitation/{token}",
        until=until.strftime("%Y-%m-%d %H:%M"),
    )
    _queue(db_session, user, "Your staff account: choose your password", bodies)
