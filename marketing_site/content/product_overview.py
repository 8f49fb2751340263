"""The /product page: the heading and introduction above the ten module cards."""

from __future__ import annotations

from marketing_site.content.site import BRAND
from marketing_site.content.types import Seo

SEO = Seo(
    f"Products: the ten Smart modules of {BRAND}",
    "Student, HR, Academic, Administration, Communication, Finance, Library, Pastoral, Timetable and "
    "Report Smart modules for schools.",
)
HEADING = "Products"
INTRO = (
    "Ten Smart modules that share one database, so information entered once is ready everywhere. "
    "Start with the modules you need and add more as your school grows."
)
