"""Where a lead came from, first and last touch: what the visitor's browser kept of the visit that first
brought them (90 days) and of the latest visit that brought campaign parameters, read when a form is sent or
posted by an API client, checked, and stored with the lead as two ``LeadTouch`` rows.

The browser keeps them in its own storage (components/forms/attribution.py): first-party, no third-party script, and
nothing leaves the browser until the visitor sends a form. A touch is grouped by its channel for the report:
the UTM parameters when the visit had any, else the ad network of a click ID, else the referring site, else
"(direct)", as the common analytics tools name them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlmodel import Session, col

from marketing_site.content.messages import message
from marketing_site.core import commit_trip
from marketing_site.core.clock import as_utc
from marketing_site.core.columns import max_length, table_of
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.models import LeadTouch, Touch, WrittenLead
from marketing_site.leads.schemas import UTM_KEYS
from marketing_site.leads.validation import InvalidField, clean_text
from marketing_site.settings import settings

KEPT_DAYS = 90  # the first touch is forgotten by the browser after this many days
CLICK_IDS = ("gclid", "gbraid", "wbraid", "fbclid", "li_fat_id", "msclkid")
CAMPAIGN_KEYS = (*UTM_KEYS, *CLICK_IDS)  # parameters that make a visit a campaign's: the last touch moves on them
# Each touch's fields: the API's (and the browser's) name → the column; ``landedAt`` is the browser's clock.
TEXT_FIELDS: dict[str, str] = {
    "landingUrl": "landing_url",
    "referrer": "referrer",
    **{key: key for key in CAMPAIGN_KEYS},
}
LANDED_AT = "landedAt"
API_NAMES: dict[Touch, str] = {Touch.FIRST: "firstTouch", Touch.LAST: "lastTouch"}
# The ad network a click ID belongs to, when the visit carried no UTM parameters (Google Ads' auto-tagging).
CLICK_NETWORKS = {
    "gclid": ("google", "cpc"),
    "gbraid": ("google", "cpc"),
    "wbraid": ("google", "cpc"),
    "msclkid": ("bing", "cpc"),
    "li_fat_id": ("linkedin", "cpc"),
    "fbclid": ("facebook", "social"),  # Meta adds it to every outbound link, paid or not
}
DIRECT, NONE, NOT_SET = "(direct)", "(none)", "(not set)"
MOMENT_LENGTH = 40  # the longest landedAt read: RFC 3339 with a long fraction of a second
_LEAP_SECOND = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:)60")

Touches = dict[Touch, dict[str, Any]]  # each stored touch's column values


def touches_checked(posted: Mapping[str, Any]) -> Touches:
    """The touches an API client sent (``firstTouch``, ``lastTouch``: objects of text fields, each optional)
    as column values; LeadValidationError names every bad field (``firstTouch.gclid``) at once."""
    errors: dict[str, str] = {}
    found: Touches = {}
    for touch, name in API_NAMES.items():
        raw = posted.get(name)
        if raw is None:
            continue
        label = message(f"label.{name}")
        if not isinstance(raw, Mapping):
            errors[name] = message("touch.not_object", label=label)
            continue
        values: dict[str, Any] = {}
        for field, column in TEXT_FIELDS.items():
            try:
                values[column] = clean_text(raw.get(field), f"{label}: {field}", max_length(LeadTouch, column))
            except InvalidField as problem:
                errors[f"{name}.{field}"] = str(problem)
        try:
            values["landed_at"] = _moment(raw.get(LANDED_AT))
        except InvalidField:
            errors[f"{name}.{LANDED_AT}"] = message("touch.bad_time", label=f"{label}: {LANDED_AT}")
        if any(values.values()):
            found[touch] = values
    if errors:
        raise LeadValidationError(errors)
    return found


def touches_fitted(posted: object) -> dict[str, dict[str, Any]]:
    """What a form's browser sent, made acceptable: the browser kept it, the visitor never typed it, so a value
    too long or unreadable costs that value, never the lead. The API's shape, for ``touches_checked``."""
    if not isinstance(posted, Mapping):
        return {}
    fitted: dict[str, dict[str, Any]] = {}
    for name in API_NAMES.values():
        raw = posted.get(name)
        if not isinstance(raw, Mapping):
            continue
        values = {field: _fit(raw.get(field), column) for field, column in TEXT_FIELDS.items()}
        try:
            landed = _moment(raw.get(LANDED_AT))
        except InvalidField:
            landed = None
        fitted[name] = {**values, LANDED_AT: landed.isoformat() if landed else None}
    return fitted


def _fit(value: object, column: str) -> str:
    text = value if isinstance(value, str) else ""
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs"))
    return " ".join(text.split())[: max_length(LeadTouch, column)]


def _moment(raw: object) -> datetime | None:
    """An ISO 8601 instant with its offset (``2026-11-29T10:00:00Z``), or None when not given."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or len(raw) > MOMENT_LENGTH:
        raise InvalidField(raw)
    try:  # RFC 3339 allows a lower-case t and z, and a leap second (read as the second before)
        moment = datetime.fromisoformat(_LEAP_SECOND.sub(r"\g<1>59", raw.upper()))
        if moment.tzinfo is None:
            raise InvalidField(raw)
        return as_utc(moment)
    except (ValueError, OverflowError):  # year 1 at +23:59 is before the first UTC instant
        raise InvalidField(raw) from None


def channel(values: Mapping[str, Any]) -> tuple[str, str, str]:
    """(source, medium, campaign) of a touch as the report groups it."""
    if any(values.get(key) for key in UTM_KEYS):
        return (
            values.get("utm_source") or NOT_SET,
            values.get("utm_medium") or NOT_SET,
            values.get("utm_campaign") or NOT_SET,
        )
    for click_id, (network, medium) in CLICK_NETWORKS.items():
        if values.get(click_id):
            return network, medium, NOT_SET
    host = _external_host(values.get("referrer") or "")
    return (host, "referral", NONE) if host else (DIRECT, NONE, NONE)


def _external_host(address: str) -> str:
    """The referring site's host without ``www.``; "" for none, an unreadable one, or the site itself."""
    try:
        host = (urlsplit(address).hostname or "").removeprefix("www.")
    except ValueError:
        return ""
    own = (urlsplit(settings.site_url).hostname or "").removeprefix("www.")
    return "" if host == own else host[: max_length(LeadTouch, "source")]


def touches_write(db_session: Session, lead: WrittenLead, touches: Touches) -> dict[Touch, LeadTouch]:
    """The lead's touch rows, in the caller's transaction (the lead's own); returns them as stored, so the new
    lead's webhook need not read them back."""
    rows = []
    for touch, values in touches.items():
        source, medium, campaign = channel(values)
        rows.append(
            {
                **values,
                "lead_id": lead.id,
                "touch": touch.value,
                "source": source,
                "medium": medium,
                "campaign": campaign,
            }
        )
    commit_trip.insert(db_session, table_of(LeadTouch), rows)
    return {Touch(row["touch"]): LeadTouch(**row) for row in rows}


def touches_read(db_session: Session, lead_id: int) -> dict[Touch, LeadTouch]:
    found = db_session.execute(select(LeadTouch).where(col(LeadTouch.lead_id) == lead_id)).scalars()
    return {Touch(row.touch): row for row in found}


def touch_data(row: LeadTouch | None) -> dict[str, Any] | None:
    """A stored touch under the API's names (the webhook's lead data), its channel beside them."""
    if row is None:
        return None
    return {
        **{field: getattr(row, column) for field, column in TEXT_FIELDS.items() if getattr(row, column)},
        LANDED_AT: as_utc(row.landed_at).isoformat() if row.landed_at else None,
        "channel": {"source": row.source, "medium": row.medium, "campaign": row.campaign},
    }
