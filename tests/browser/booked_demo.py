"""A demo booked through the API as the site's form sends it, and the booking page's address from its mail: what
the staff and booking-page tests start from."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
from sqlalchemy import text
from staff_browser import DEMO

MUSCAT = ZoneInfo("Asia/Muscat")


def booked_lead(served, host_name: str, language: str = "en", zone: str = "Asia/Karachi", **fields: str) -> int:
    """A demo request with its time, sent through the API as the site's form sends it: the lead and its slot
    together (in ``language``: the booking's page and mails speak it)."""
    soon = (datetime.now(MUSCAT) + timedelta(days=2)).date().isoformat()
    slots = httpx.get(
        f"{served.backend_url}/api/demo-slots", params={"from": soon, "days": 7, "tz": "Asia/Muscat"}, timeout=10
    ).json()["slots"]
    slot = next(slot for slot in slots if slot["host"] == host_name)
    answer = httpx.post(
        f"{served.backend_url}/api/demo-bookings",
        json={**DEMO, **fields, "slotId": slot["id"], "timeZone": zone},
        headers={"Origin": served.site_url, "Accept-Language": language},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def visitor_link(site_db, lead_id: int) -> str:
    """The booking page's address in the newest mail the visitor got about the demo."""
    with site_db.connect() as connection:
        body = connection.execute(
            text(
                "SELECT text_body FROM outbox_mail WHERE lead_id = :id AND audience = 'visitor'"
                " AND booking_id IS NOT NULL ORDER BY id DESC"
            ),
            {"id": lead_id},
        ).first()[0]
    return re.search(r"https?://\S+/booking/[\w.\-]+", body).group(0)


def pick_link(site_db, lead_id: int) -> str:
    """The link to pick a free time in a demo request's confirmation."""
    with site_db.connect() as connection:
        body = connection.execute(
            text("SELECT text_body FROM outbox_mail WHERE lead_id = :id AND audience = 'visitor' ORDER BY id"),
            {"id": lead_id},
        ).first()[0]
    return re.search(r"https?://\S+/booking/new/[\w.\-]+", body).group(0)
