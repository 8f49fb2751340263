"""The open positions, each with a page of its own under /careers (spec section 3's careers page lists them): what
the job is, where, since when and until when applications are read. Job seekers apply with the one careers form,
choosing the position's ``position``."""

from __future__ import annotations

from datetime import date

from marketing_site import routes
from marketing_site.content.types import OpenPosition, Seo

OPEN_POSITIONS_HEADING = "Open positions"
POSITION_FACTS_LABEL = "About this position"
LOCATION_LABEL = "Location"
EMPLOYMENT_LABEL = "Employment"
POSTED_LABEL = "Posted"
APPLY_BY_LABEL = "Apply by"
DUTIES_HEADING = "What you will do"
APPLY_LABEL = "Apply for this position"
CLOSED_TEXT = "Applications for this position are closed. You are welcome to send an open application."
# schema.org's employment types as a reader reads them: a position of another type adds its word here
EMPLOYMENT_TYPES = {"FULL_TIME": "Full time"}

OPEN_POSITIONS: tuple[OpenPosition, ...] = (
    OpenPosition(
        route=routes.WEB_DEVELOPER,
        title="Web Developer",
        position="Web Development",
        summary=(
            "Build the web screens school staff, parents and students use every day, with the team that makes "
            "the ten Smart modules."
        ),
        duties=(
            "Write and test the web pages of the Smart modules.",
            "Make every screen work on a phone and in English and Arabic.",
            "Review your colleagues' code and have yours reviewed.",
        ),
        employment_type="FULL_TIME",
        office_city="Muscat",
        posted=date(2026, 11, 20),
        valid_through=date(2027, 2, 28),
        seo=Seo(
            "Web Developer, Muscat | Careers | Smart School Suite",
            "Join Smart School Suite in Muscat as a full-time web developer building cloud software for schools.",
        ),
    ),
    OpenPosition(
        route=routes.MATHEMATICS_TEACHER,
        title="Mathematics Teacher",
        position="Mathematics",
        summary="Teach mathematics in our partner schools and help us shape how the Smart modules serve teachers.",
        duties=(
            "Teach mathematics classes in a partner school.",
            "Tell our product team what teachers need from the timetable and report cards.",
            "Train other teachers to use the Smart modules.",
        ),
        employment_type="FULL_TIME",
        office_city="Lahore",
        posted=date(2026, 11, 20),
        valid_through=date(2027, 1, 31),
        seo=Seo(
            "Mathematics Teacher, Lahore | Careers | Smart School Suite",
            "Teach mathematics with Smart School Suite in Lahore and help shape software for schools.",
        ),
    ),
)
