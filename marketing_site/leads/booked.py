"""What a booked demo tells its lead: the facts only the booking package knows, handed to
``transitions.demo_booked`` (leads/ imports nothing of booking/)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from marketing_site.leads.tallies.counting import Funnel


@dataclass(frozen=True)
class BookedDemo:
    host_id: int  # who gives the demo: the lead's owner by the routing rules
    host: str  # their name, as sales and a previous owner read it
    booking_id: int
    when: str  # in the host's zone, in the staff language (sales' notice)
    counted: Funnel  # the change to the channel report's count (``booking.models.demo_counted``)
    news: Mapping[str, Any]  # the CRM's ``demo.booked`` payload, told after the lead's new status
    booked_at: datetime
