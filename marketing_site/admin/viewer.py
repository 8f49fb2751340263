"""Who reads a staff page: every list, count and export is filtered for them and dated in their zone."""

from __future__ import annotations

from dataclasses import dataclass

from marketing_site.admin.local_time import StaffClock


@dataclass(frozen=True)
class Viewer:
    """Who looks: the role decides the kinds, the id what "me" means, the clock what a day is."""

    role: str
    user_id: int
    clock: StaffClock
