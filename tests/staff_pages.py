"""Every page of the staff area an admin reaches, one list for the in-process and the browser tests: given a
demo lead, a job application and, when the demo lead has a live booking, the pages that move and cancel it."""

from __future__ import annotations


def staff_pages(demo: int, application: int, booked: bool = False) -> list[str]:
    return [
        "/admin/",
        "/admin/?quarantine=1",
        f"/admin/leads/{demo}",
        *([f"/admin/leads/{demo}/demo", f"/admin/leads/{demo}/demo/cancel"] if booked else []),
        f"/admin/leads/{application}",
        "/admin/demos",
        "/admin/availability",
        "/admin/booking-rules",
        "/admin/erase",
        "/admin/users",
        "/admin/preferences",
        "/admin/account",
        "/admin/routing",
        "/admin/webhooks",
    ]
