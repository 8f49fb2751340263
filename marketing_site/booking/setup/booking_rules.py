"""The company's booking rules (the one BookingSettings row) as an admin reads and changes them, in the caller's
session."""

from __future__ import annotations

from sqlmodel import Session

from marketing_site.booking.models import BookingSettings
from marketing_site.staff.audit import AuditAction, audit
from marketing_site.staff.refused import ChangeRefused

# field: (label, smallest, largest); the label is also how an error names the field
LIMITS: dict[str, tuple[str, int, int]] = {
    "demo_minutes": ("Demo length (minutes)", 10, 240),
    "buffer_minutes": ("Buffer after each demo (minutes)", 0, 120),
    "min_notice_minutes": ("Minimum notice (minutes; 240 = 4 hours)", 0, 14 * 24 * 60),
    "horizon_days": ("Horizon (days ahead visitors may book)", 1, 365),
    "daily_limit": ("Daily limit (demos per host per day)", 1, 48),
}


def rules_get(db_session: Session) -> BookingSettings:
    """The saved rules, or the defaults until an admin saves them."""
    return db_session.get(BookingSettings, 1) or BookingSettings()


def _read(form: dict[str, str]) -> dict[str, int]:
    values: dict[str, int] = {}
    problems: list[str] = []
    for field, (label, smallest, largest) in LIMITS.items():
        typed = form.get(field, "").strip()
        if not typed.isdigit() or not smallest <= int(typed) <= largest:
            problems.append(f"{label} must be a whole number from {smallest} to {largest}")
        else:
            values[field] = int(typed)
    if problems:
        raise ChangeRefused("; ".join(problems))
    return values


def rules_save(db_session: Session, actor_id: int | None, form: dict[str, str]) -> None:
    values = _read(form)
    rules = db_session.get(BookingSettings, 1) or BookingSettings(id=1)
    changed = [
        f"{field} {getattr(rules, field)} -> {value}"
        for field, value in values.items()
        if getattr(rules, field) != value
    ]
    for field, value in values.items():
        setattr(rules, field, value)
    db_session.add(rules)
    audit(db_session, actor_id, AuditAction.BOOKING_RULES, detail=", ".join(changed) or "unchanged")
