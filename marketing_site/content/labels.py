"""Words shared by several page families: buttons, breadcrumbs and block headings."""

from __future__ import annotations

from marketing_site.content.links import HOME, PRODUCTS  # noqa: F401  (breadcrumb trail of the page families)
from marketing_site.content.site import OFFICES
from marketing_site.content.types import Link

BREADCRUMB_LABEL = "Breadcrumb"

BOOK_DEMO_LABEL = "Book a demo"
WATCH_VIDEO_LABEL = "Watch Video"
WATCH_DEMO_LABEL = "Watch Demo"
VIEW_LABEL = "View"
PLAY_VIDEO_LABEL = "Play the {name} video"
VIDEO_TITLE = "{name} video"
FEATURES_HEADING = "Features overview"
FEATURES_INTRO = "Everything {name} includes, ready from the first day."
RELATED_HEADING = "You may also be interested in"
CALL_HEADING = "Talk to our team"
CALL_TEXT = "Questions about your school's needs? Our specialists are a phone call away."

HEADQUARTERS = next(office for office in OFFICES if office.headquarters)
CALL = Link("Give us a call", "tel:" + "".join(ch for ch in HEADQUARTERS.phone if ch.isdigit() or ch == "+"))

HEADQUARTERS_BADGE = "Headquarters"
COMING_SOON_BADGE = "Coming soon"
COMING_SOON_TEXT = (
    "We are preparing this page. In the meantime our team is happy to help by phone or email, "
    "and the links below lead to what is ready today."
)
USEFUL_LINKS_HEADING = "Useful links"
CONTACTS_HEADING = "Reach us directly"
SCHOOL_TABS_HEADING = "Explore the core modules"
SCHOOL_TABS_LABEL = "Core modules for {name}"
OFFICES_HEADING = "Our offices"
