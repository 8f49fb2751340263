"""One bookable time with one host: what ``slots.py`` lists and ``errors.SlotTaken`` offers instead, in a module
of its own so that neither imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Slot:
    """One bookable time with one host; ``starts_at``/``ends_at`` are in the zone the list was asked in."""

    id: str  # "<host id>-<UTC start as YYYYMMDDTHHMM>Z": stable, readable, parsed back by parse_slot_id
    host_id: int
    host_name: str
    starts_at: datetime
    ends_at: datetime
