"""Selectors of the inbox: one filter record read from the query string, applied in SQL for the page,
the counts and the export alike (so an export holds exactly what the filters show).

Dates are days of the viewer's zone (a lead at 01:34 in Muscat on the 25th is the 25th's there), the
owner "me" is the viewer, and a country matches in any case and in any of the site's languages. The search and
the country filter compare columns folded on write (``leads/search_text.py``): Arabic without its marks or
tatweel, its letter forms as a reader reads them, phone numbers as digits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import date, timedelta
from typing import Any

from sqlalchemy import Select, case, func, or_, select, text
from sqlalchemy.sql.elements import ColumnElement, UnaryExpression
from sqlmodel import Session, col

from marketing_site.admin.roles import kinds_seen
from marketing_site.admin.staff_db import staff_session
from marketing_site.admin.viewer import Viewer
from marketing_site.leads import search_text
from marketing_site.leads.models import Lead, LeadModule
from marketing_site.leads.owners.routing_models import LeadTaker
from marketing_site.leads.statuses import HrStatus, LeadStatus
from marketing_site.mail.models import OutboxMail

PAGE_SIZE = 50
MAX_PAGE = 1_000_000
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(2999, 12, 31)
CHART_DAYS = 30
STATUSES = frozenset(LeadStatus) | frozenset(HrStatus)
SORTS: dict[str, tuple[UnaryExpression[Any], UnaryExpression[Any]]] = {
    "newest": (col(Lead.created_at).desc(), col(Lead.id).desc()),
    "oldest": (col(Lead.created_at).asc(), col(Lead.id).asc()),
    "email": (col(Lead.email).asc(), col(Lead.id).desc()),
    "status": (col(Lead.status).asc(), col(Lead.created_at).desc()),
}
SORT_NAMES = {"newest": "Newest first", "oldest": "Oldest first", "email": "Email A-Z", "status": "Status"}
ME, NOBODY = "me", "none"  # the owner filter's words besides a staff id


@dataclass(frozen=True)
class InboxFilter:
    """What the staff member asked to see; empty strings mean "any"."""

    kind: str = ""
    status: str = ""
    owner: str = ""  # a staff user's id, "me", or "none" for unowned leads
    since: str = ""  # ISO dates, inclusive: days of the viewer's zone
    until: str = ""
    country: str = ""
    module: str = ""
    school_type: str = ""
    source: str = ""  # source page or UTM source, as a substring
    q: str = ""  # text search over name, email, phone, school and country (lead.search_text)
    sort: str = "newest"
    quarantine: str = ""  # "1": the quarantined submissions instead of the inbox
    page: int = 1

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> InboxFilter:
        """The filter asked for; BadFilter (a 400) for a page, date or owner no lead can match."""
        values = {item.name: query.get(item.name, "").strip()[:200] for item in fields(cls) if item.name != "page"}
        values["sort"] = values["sort"] if values["sort"] in SORTS else "newest"
        values["status"] = values["status"] if values["status"] in STATUSES else ""
        for name in ("since", "until"):
            if values[name] and day_within_range(values[name]) is None:
                raise BadFilter(f"{name}: a date between {FIRST_DAY} and {LAST_DAY} as YYYY-MM-DD")
        if values["owner"] not in ("", ME, NOBODY) and whole_number(values["owner"]) is None:
            raise BadFilter("owner: a staff member's number, me or none")
        page = whole_number(query.get("page", "1").strip() or "1", MAX_PAGE)
        if page is None or page < 1:
            raise BadFilter(f"page: a whole number from 1 to {MAX_PAGE}")
        return cls(**values, page=page)

    def query_string(self, page: int, **changes: str) -> dict[str, str]:
        """The filter as query parameters (for links to other pages and the export), at ``page``, without empty
        ones."""
        changed = replace(self, page=page, **changes)
        return {item.name: str(getattr(changed, item.name)) for item in fields(self) if getattr(changed, item.name)}

    @property
    def narrowing(self) -> int:
        """How many filters beyond the search are set (the folded filter panel says so)."""
        chosen = ("kind", "status", "owner", "since", "until", "country", "module", "school_type", "source")
        return sum(1 for name in chosen if getattr(self, name))


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


def country_name(stored: str) -> str:
    """The English name of a country however it was stored ("oman", "عُمان", "عمان": "Oman"); other text as it is."""
    return search_text.country_english(stored) or stored


def conditions(chosen: InboxFilter, viewer: Viewer) -> list[ColumnElement[bool]]:
    """The WHERE clauses of a filter, always within the kinds the role may see."""
    where: list[ColumnElement[bool]] = [
        col(Lead.kind).in_(kinds_seen(viewer.role)),
        col(Lead.quarantined).is_(chosen.quarantine == "1"),
    ]
    if chosen.kind:
        where.append(col(Lead.kind) == chosen.kind)
    if chosen.status:
        where.append(col(Lead.status) == chosen.status)
    if chosen.owner == NOBODY:
        where.append(col(Lead.owner_id).is_(None))
    elif chosen.owner == ME:
        where.append(col(Lead.owner_id) == viewer.user_id)
    elif (owner := whole_number(chosen.owner)) is not None:
        where.append(col(Lead.owner_id) == owner)
    if since := day_within_range(chosen.since):
        where.append(col(Lead.created_at) >= viewer.clock.day_start(since))
    if until := day_within_range(chosen.until):
        where.append(col(Lead.created_at) < viewer.clock.day_start(until + timedelta(days=1)))
    if chosen.country:
        # Folded on write (leads/search_text.py): any spelling, case, diacritic or language of a country is one key.
        where.append(col(Lead.country_key) == search_text.country_key(chosen.country))
    if chosen.school_type:
        where.append(func.lower(col(Lead.school_type)) == chosen.school_type.lower())
    if chosen.module:
        ticked = select(col(LeadModule.lead_id)).where(
            col(LeadModule.lead_id) == col(Lead.id), col(LeadModule.module) == chosen.module
        )
        where.append(ticked.correlate(Lead).exists())  # only the lead is outside (the export joins lead_module)
    if chosen.source:
        where.append(
            or_(
                col(Lead.source_page).contains(chosen.source, autoescape=True),
                col(Lead.utm_source).contains(chosen.source, autoescape=True),
            )
        )
    if wanted := search_text.needles(chosen.q):
        # One folded column written with the lead: Arabic without its marks, phone numbers as digits.
        where.append(or_(*(col(Lead.search_text).contains(needle, autoescape=True) for needle in wanted)))
    return where


def filtered(chosen: InboxFilter, viewer: Viewer, *columns: Any) -> Select[Any]:
    """The filter's leads in its order: whole rows, or only ``columns`` (the export reads plain tuples)."""
    selected: Select[Any] = select(*(columns or (Lead,)))
    return selected.where(*conditions(chosen, viewer)).order_by(*SORTS[chosen.sort])


def inbox_page(db_session: Session, chosen: InboxFilter, viewer: Viewer) -> tuple[list[Lead], int]:
    """One page of leads (LIMIT/OFFSET in the database) and how many match in all."""
    total = db_session.execute(select(func.count()).select_from(Lead).where(*conditions(chosen, viewer))).scalar_one()
    rows = db_session.execute(filtered(chosen, viewer).limit(PAGE_SIZE).offset((chosen.page - 1) * PAGE_SIZE))
    return list(rows.scalars()), total


def counts(db_session: Session, role: str) -> tuple[list[tuple[str, str, int]], int]:
    """Leads per (kind, status) in the inbox the role sees, and how many nobody opened yet: one pass over
    the covering index ix_lead_inbox_counts."""
    rows = db_session.execute(
        select(
            col(Lead.kind), col(Lead.status), func.count(), func.sum(case((col(Lead.seen_at).is_(None), 1), else_=0))
        )
        .where(col(Lead.quarantined).is_(False), col(Lead.kind).in_(kinds_seen(role)))
        .group_by(col(Lead.kind), col(Lead.status))
    ).all()
    return [(kind, status, number) for kind, status, number, _ in rows], sum(unread or 0 for *_, unread in rows)


def per_day(db_session: Session, viewer: Viewer, days: int = CHART_DAYS) -> list[tuple[date, dict[str, int]]]:
    """Leads per day of the viewer's zone and per kind for the last ``days`` days (today included), every day
    present, oldest first. Each day's bounds are its own UTC instants (a DST day is 23 or 25 hours), so the
    database sorts each lead into its local day with one CASE over the covering index ix_lead_inbox_days."""
    first = viewer.clock.today() - timedelta(days=days - 1)
    bounds = [viewer.clock.day_start(first + timedelta(days=offset)) for offset in range(days + 1)]
    day_number = case(*((col(Lead.created_at) < bound, offset) for offset, bound in enumerate(bounds[1:])), else_=days)
    rows = db_session.execute(
        select(day_number, col(Lead.kind), func.count())
        .where(
            col(Lead.quarantined).is_(False),
            col(Lead.created_at) >= bounds[0],
            col(Lead.created_at) < bounds[-1],
            col(Lead.kind).in_(kinds_seen(viewer.role)),
        )
        .group_by(day_number, col(Lead.kind))
    ).all()
    chart: list[tuple[date, dict[str, int]]] = [(first + timedelta(days=offset), {}) for offset in range(days)]
    for offset, kind, number in rows:
        chart[offset][1][kind] = number
    return chart


# Each country once (its lower case), with one of its spellings, read off ix_lead_country_lower by an index
# seek or two per country (a "loose index scan"): a handful of countries cost a handful of seeks, whatever the
# number of leads.
_COUNTRIES = text(
    """
    WITH RECURSIVE found(folded) AS (
        SELECT min(lower(country)) FROM lead
        UNION ALL
        SELECT (SELECT min(lower(country)) FROM lead WHERE lower(country) > found.folded)
        FROM found WHERE found.folded IS NOT NULL
    )
    SELECT (SELECT min(country) FROM lead WHERE lower(country) = found.folded) FROM found
    WHERE found.folded IS NOT NULL
    """
)


def countries(db_session: Session) -> list[str]:
    """The countries leads came from, each once whatever its case or language, by name. Every lead's, whatever
    the reader's role: a country names no one."""
    stored = db_session.execute(_COUNTRIES).scalars()
    return sorted({country_name(value) for value in stored if value}, key=str.casefold)


def quarantined_count(db_session: Session, role: str) -> int:
    return db_session.scalars(
        select(func.count())
        .select_from(Lead)
        .where(col(Lead.kind).in_(kinds_seen(role)), col(Lead.quarantined).is_(True))
    ).one()


def mail_counts(db_session: Session, kinds: tuple[str, ...]) -> dict[str, int]:
    """Mails per status among the leads of ``kinds`` (the kinds a staff member may see)."""
    rows = db_session.execute(
        select(col(OutboxMail.status), func.count())
        .join(Lead, col(Lead.id) == col(OutboxMail.lead_id))
        .where(col(Lead.kind).in_(kinds))
        .group_by(col(OutboxMail.status))
    ).all()
    return {row[0]: row[1] for row in rows}


def takes_leads(staff_id: int) -> bool:
    """Whether the account is in a rotation: then its own leads are its inbox's default view ("My leads")."""
    with staff_session() as db_session:
        return (
            db_session.execute(select(col(LeadTaker.team)).where(col(LeadTaker.staff_user_id) == staff_id)).first()
            is not None
        )
