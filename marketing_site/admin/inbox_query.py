"""Selectors of the inbox: one filter record read from the query string, applied in SQL for the page,
the counts and the export alike (so an export holds exactly what the filters show)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import Select, and_, case, exists, func, or_, select
from sqlmodel import Session

from marketing_site.admin.roles import kinds_seen
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead, LeadModule
from marketing_site.leads.statuses import LeadStatus
from marketing_site.mail.models import OutboxMail

PAGE_SIZE = 50
MAX_PAGE = 1_000_000
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(2999, 12, 31)
CHART_DAYS = 90
SORTS = {
    "newest": (Lead.created_at.desc(), Lead.id.desc()),
    "oldest": (Lead.created_at.asc(), Lead.id.asc()),
    "email": (Lead.email.asc(), Lead.id.desc()),
    "status": (Lead.status.asc(), Lead.created_at.desc()),
}
SEARCHED = (Lead.email, Lead.full_name, Lead.first_name, Lead.last_name, Lead.phone_e164, Lead.phone_raw, Lead.school)


@dataclass(frozen=True)
class InboxFilter:
    """What the staff member asked to see; empty strings mean "any"."""

    kind: str = ""
    status: str = ""
    owner: str = ""  # a staff user's id, or "none" for unowned leads
    since: str = ""  # ISO dates, inclusive
    until: str = ""
    country: str = ""
    module: str = ""
    school_type: str = ""
    source: str = ""  # source page or UTM source, as a substring
    q: str = ""  # text search over name, email, phone and school
    sort: str = "newest"
    quarantine: str = ""  # "1": the quarantined submissions instead of the inbox
    page: int = 1

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> InboxFilter:
        """The filter asked for; BadFilter (a 400) for a page, date or owner no lead can match."""
        values = {item.name: query.get(item.name, "").strip()[:200] for item in fields(cls) if item.name != "page"}
        values["sort"] = values["sort"] if values["sort"] in SORTS else "newest"
        values["status"] = values["status"] if values["status"] in set(LeadStatus) else ""
        for name in ("since", "until"):
            if values[name] and day_within_range(values[name]) is None:
                raise BadFilter(f"{name}: a date between {FIRST_DAY} and {LAST_DAY} as YYYY-MM-DD")
        if values["owner"] not in ("", "none") and whole_number(values["owner"]) is None:
            raise BadFilter("owner: a staff member's number or none")
        page = whole_number(query.get("page", "1").strip() or "1", MAX_PAGE)
        if page is None or page < 1:
            raise BadFilter(f"page: a whole number from 1 to {MAX_PAGE}")
        return cls(**values, page=page)

    def query_string(self, **changes) -> dict[str, str]:
        """The filter as query parameters (for links to other pages and the export), without empty ones."""
        changed = replace(self, **changes)
        return {item.name: str(getattr(changed, item.name)) for item in fields(self) if getattr(changed, item.name)}


class BadFilter(ValueError):
    """A filter value that cannot name any lead; the message says which and what it takes."""


def whole_number(text: str, largest: int = 2**31 - 1) -> int | None:
    """``text`` as a number of ASCII digits up to ``largest`` (a row id's range by default), or None."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(largest)) or int(text) > largest:
        return None
    return int(text)


def day_within_range(text: str) -> date | None:
    """An ISO date within the years a lead can have (far years overflow the date arithmetic), or None."""
    try:
        day = date.fromisoformat(text) if text.isascii() and len(text) == len("YYYY-MM-DD") else None
    except ValueError:
        return None
    return day if day is not None and FIRST_DAY <= day <= LAST_DAY else None


def conditions(chosen: InboxFilter, role: str) -> list:
    """The WHERE clauses of a filter, always within the kinds the role may see."""
    where = [Lead.kind.in_(kinds_seen(role)), Lead.quarantined.is_(chosen.quarantine == "1")]
    if chosen.kind:
        where.append(Lead.kind == chosen.kind)
    if chosen.status:
        where.append(Lead.status == chosen.status)
    if chosen.owner == "none":
        where.append(Lead.owner_id.is_(None))
    elif (owner := whole_number(chosen.owner)) is not None:
        where.append(Lead.owner_id == owner)
    if since := day_within_range(chosen.since):
        where.append(Lead.created_at >= datetime.combine(since, time.min, UTC))
    if until := day_within_range(chosen.until):
        where.append(Lead.created_at < datetime.combine(until + timedelta(days=1), time.min, UTC))
    if chosen.country:
        where.append(Lead.country == chosen.country)
    if chosen.school_type:
        where.append(Lead.school_type == chosen.school_type)
    if chosen.module:
        where.append(exists().where(and_(LeadModule.lead_id == Lead.id, LeadModule.module == chosen.module)))
    if chosen.source:
        where.append(
            or_(
                Lead.source_page.contains(chosen.source, autoescape=True),
                Lead.utm_source.contains(chosen.source, autoescape=True),
            )
        )
    if chosen.q:
        # icontains lowers both sides in the database (SQLite's lower() folds ASCII only: both sides alike).
        where.append(or_(*(column.icontains(chosen.q, autoescape=True) for column in SEARCHED)))
    return where


def filtered(chosen: InboxFilter, role: str, *columns) -> Select:
    """The filter's leads in its order: whole rows, or only ``columns`` (the export reads plain tuples)."""
    return select(*(columns or (Lead,))).where(*conditions(chosen, role)).order_by(*SORTS[chosen.sort])


def inbox_page(db_session: Session, chosen: InboxFilter, role: str) -> tuple[list[Lead], int]:
    """One page of leads (LIMIT/OFFSET in the database) and how many match in all."""
    total = db_session.execute(select(func.count()).select_from(Lead).where(*conditions(chosen, role))).scalar_one()
    rows = db_session.execute(filtered(chosen, role).limit(PAGE_SIZE).offset((chosen.page - 1) * PAGE_SIZE))
    return list(rows.scalars()), total


def counts(db_session: Session, role: str) -> tuple[dict[str, int], dict[str, int], int]:
    """Leads per kind and per status in the inbox the role sees, and how many nobody opened yet: one pass
    over the covering index ix_lead_inbox_counts."""
    rows = db_session.execute(
        select(Lead.kind, Lead.status, func.count(), func.sum(case((Lead.seen_at.is_(None), 1), else_=0)))
        .where(Lead.quarantined.is_(False), Lead.kind.in_(kinds_seen(role)))
        .group_by(Lead.kind, Lead.status)
    ).all()
    per_kind: dict[str, int] = {}
    per_status: dict[str, int] = {}
    for kind, status, number, _ in rows:
        per_kind[kind] = per_kind.get(kind, 0) + number
        per_status[status] = per_status.get(status, 0) + number
    return per_kind, per_status, sum(unread or 0 for *_, unread in rows)


def per_day(db_session: Session, role: str, days: int = CHART_DAYS) -> list[tuple[date, int]]:
    """Leads per calendar day (UTC) for the last ``days`` days, every day present, oldest first."""
    today = utc_now().date()
    first = today - timedelta(days=days - 1)
    day = func.date(Lead.created_at)
    rows = db_session.execute(
        select(day, func.count())
        .where(  # ix_lead_inbox_days covers it
            Lead.quarantined.is_(False),
            Lead.created_at >= datetime.combine(first, time.min, UTC),
            Lead.kind.in_(kinds_seen(role)),
        )
        .group_by(day)
    ).all()
    found = {(value if isinstance(value, date) else date.fromisoformat(str(value))): number for value, number in rows}
    return [(first + timedelta(days=offset), found.get(first + timedelta(days=offset), 0)) for offset in range(days)]


def quarantined_count(db_session: Session, role: str) -> int:
    return db_session.execute(
        select(func.count()).select_from(Lead).where(Lead.kind.in_(kinds_seen(role)), Lead.quarantined.is_(True))
    ).scalar_one()


def mail_counts(db_session: Session, kinds: tuple[str, ...]) -> dict[str, int]:
    """Mails per status among the leads of ``kinds`` (the kinds a staff member may see)."""
    rows = db_session.execute(
        select(OutboxMail.status, func.count())
        .join(Lead, Lead.id == OutboxMail.lead_id)
        .where(Lead.kind.in_(kinds))
        .group_by(OutboxMail.status)
    ).all()
    return dict(rows)
