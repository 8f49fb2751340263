"""Company pages of the "Why the product" menu (Careers is a form page and lives elsewhere)."""

from __future__ import annotations

from marketing_site import routes
from marketing_site.content import links as link
from marketing_site.content.labels import HEADQUARTERS as _HQ
from marketing_site.content.site import BRAND, OFFICES, PRESS_CONTACT, SUPPORT_CONTACT
from marketing_site.content.types import InfoPage, Link, Section, Seo

_CASE_STUDIES = Link("Read our case studies", routes.CASE_STUDY)

_CITY_OFFICE_COUNTRIES = tuple(dict.fromkeys(o.country for o in OFFICES if not o.headquarters))


def _coming_soon(
    route: str, heading: str, intro: str, seo: Seo, links: tuple[Link, ...], contacts: tuple[str, ...] = ()
) -> InfoPage:
    return InfoPage(
        route=route, heading=heading, intro=intro, seo=seo, coming_soon=True, links=links, contacts=contacts
    )


ABOUT_US = InfoPage(
    route=routes.ABOUT_US,
    heading="About us",
    intro=(
        f"{BRAND} is headquartered in {_HQ.country}, with city offices in "
        f"{' and '.join(_CITY_OFFICE_COUNTRIES)}. We build cloud software that lets schools spend "
        "less time on paperwork and more time on learning."
    ),
    sections=(
        Section(
            "Who we are",
            (
                "A team of educators, engineers and former school administrators who have lived the "
                "admissions rush, the timetable puzzle and the end-of-term report deadline.",
                "We work with one-branch schools, multi-branch networks, school groups and hybrid schools.",
            ),
        ),
        Section(
            "What we believe",
            (
                "Every area of school life should be simple to manage. One connected system, designed "
                "with the people who use it, beats a dozen disconnected spreadsheets.",
            ),
        ),
        Section(
            "Where to find us",
            (
                f"Our headquarters are in {_HQ.city}, {_HQ.country}. City offices in "
                f"{' and '.join(_CITY_OFFICE_COUNTRIES)} look after schools close to home.",
            ),
        ),
    ),
    offices=OFFICES,
    links=(link.EXPLORE_PRODUCTS, _CASE_STUDIES, link.CONTACT_US),
    seo=Seo(
        f"About us: the team behind {BRAND}",
        f"{BRAND} is headquartered in Oman with city offices in Oman and Pakistan, "
        "building cloud school management software.",
    ),
)

CONTACT_US = InfoPage(
    route=routes.CONTACT_US,
    heading="Contact us",
    intro=(
        "Call, email or visit any of our offices. For a guided tour of the software, book a demo "
        "and a specialist will walk you through it."
    ),
    offices=OFFICES,
    contacts=(SUPPORT_CONTACT.label, PRESS_CONTACT.label),
    links=(link.BOOK_DEMO, link.WATCH_DEMO, link.CHAT_ON_WHATSAPP),
    seo=Seo(
        "Contact us: offices in Oman and Pakistan",
        "Addresses, phone numbers and email for every office, plus our support line and press office.",
    ),
)

ACCREDITATIONS = InfoPage(
    route=routes.ACCREDITATIONS,
    heading="Accreditations",
    intro=(
        "Schools trust us with their most sensitive records. These are the standards we hold "
        "ourselves to and the commitments we make to every school."
    ),
    sections=(
        Section(
            "Data protection",
            (
                "Student, parent and staff data is encrypted in transit and at rest, access is granted "
                "by role, and every change is logged.",
            ),
        ),
        Section(
            "Service quality",
            (
                "Documented processes for installation, migration and support, reviewed after every "
                "project so the next school benefits.",
            ),
        ),
        Section(
            "Education partners",
            (
                "We work alongside education networks and affiliate partners to keep the suite aligned "
                "with the curricula and regulations schools follow.",
            ),
        ),
    ),
    links=(link.ABOUT_US, _CASE_STUDIES, link.CONTACT_US),
    seo=Seo(
        "Accreditations, data protection and quality standards",
        "How we protect school data and the quality standards behind every installation and support request.",
    ),
)

COMPANY_PAGES: tuple[InfoPage, ...] = (
    ABOUT_US,
    CONTACT_US,
    ACCREDITATIONS,
    _coming_soon(
        routes.EVENT,
        "Events",
        "Webinars, open days and our community user group meetings will be listed here.",
        Seo(
            "Events, open days and user group meetings",
            "Upcoming webinars, open days and community user group meetings for schools.",
        ),
        links=(link.WATCH_DEMO, link.BOOK_DEMO, link.CONTACT_US),
    ),
    _coming_soon(
        routes.PRESS,
        "Press",
        "News releases, media resources and company announcements will be published here.",
        Seo(
            "Press and media enquiries", "News releases, media resources and the press office contact for journalists."
        ),
        links=(link.ABOUT_US, link.CONTACT_US, link.EXPLORE_PRODUCTS),
        contacts=(PRESS_CONTACT.label,),
    ),
    _coming_soon(
        routes.COLLABORATION,
        "Collaboration",
        "Partnerships with schools, publishers and education networks that build on the suite.",
        Seo(
            "Collaborate with us: schools, publishers and networks",
            "How schools, publishers and education networks can collaborate with us on the suite.",
        ),
        links=(link.ABOUT_US, link.CONTACT_US, _CASE_STUDIES),
    ),
    _coming_soon(
        routes.REGISTRATION_PROCESS,
        "Registration process",
        "A step-by-step guide to registering your school, from the first call to your first login.",
        Seo("How to register your school", "The steps from the first call to your school's first login on the suite."),
        links=(link.BOOK_DEMO, Link("How installation works", routes.INSTALLATION), link.CONTACT_US),
    ),
)
