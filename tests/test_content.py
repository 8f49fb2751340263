"""Content against the spec: module features, routes of every link, distinct head tags."""

from __future__ import annotations

from collections import Counter

import pytest

from marketing_site import routes
from marketing_site.content import careers, forms, labels, site
from marketing_site.content.info import company, support
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.services import SERVICES
from marketing_site.pages.registry import PAGES
from marketing_site.routes import ROUTES

# Spec section 2, "Route list", verbatim.
SPEC_ROUTES = (
    "/",
    "/product",
    "/signup",
    "/schedule",
    "/whatsapp",
    "/studentSmart",
    "/hrSmart",
    "/academicSmart",
    "/administrationSmart",
    "/communicationSmart",
    "/financeSmart",
    "/librarySmart",
    "/pastoralSmart",
    "/timetableSmart",
    "/reportSmart",
    "/SchedulSingleDemo",
    "/consultancy",
    "/caseStudy",
    "/installation",
    "/migration",
    "/integration",
    "/training",
    "/oneBranchSchool",
    "/mbSchool",
    "/gpSchool",
    "/hybridSchool",
    "/aboutUs",
    "/contactUs",
    "/accerditations",
    "/event",
    "/press",
    "/careers",
    "/collaboration",
    "/regProcess",
    "/chatbot",
    "/helpGuide",
    "/technicalSupport",
    "/trainingWebinar",
    "/trainingVideos",
    "/studentParent",
    "/affiliatesPartner",
)
# Addresses served besides the spec's list: the menu's /HybridSchool and the 404 page.
EXTRA_ROUTES = ("/HybridSchool", "404", *(position.route for position in careers.OPEN_POSITIONS))

# Spec section 2, "Product pages": the features of each module (case as the spec writes it).
SPEC_FEATURES = {
    "studentSmart": [
        "Student Admission",
        "Entry Exams",
        "Parent Registration",
        "Student Records",
        "Online Registration Form",
        "Census Module",
    ],
    "hrSmart": [
        "Staff Registration Form",
        "Development & Training",
        "Online Registration Form",
        "Department Module",
        "Post Module",
        "Payroll",
        "Student Coordinator",
        "Staff Coordinator",
        "Staff Leave",
        "Biometric",
    ],
    "academicSmart": ["LMS", "CMS", "SID", "academic head", "academic plan", "CMS admin"],
    "administrationSmart": [
        "inventory",
        "campus",
        "canteen",
        "transport",
        "procurement",
        "campus security",
        "campus maintenance",
        "floor plan",
    ],
    "communicationSmart": ["communication coordinator", "bulletin", "calendar", "portal coordination"],
    "financeSmart": ["accounts", "budget"],
    "librarySmart": ["book category", "books", "issue books"],
    "pastoralSmart": ["medical centre", "activities", "exclusion", "SEN manager", "report manager", "student profile"],
    "timetableSmart": ["student", "staff", "consolidated", "academic calendar", "automatic substitution"],
    "reportSmart": ["custom reporting"],
}
SPEC_COMING_SOON = {
    "/press",
    "/event",
    "/technicalSupport",
    "/helpGuide",
    "/trainingWebinar",
    "/trainingVideos",
    "/studentParent",
    "/chatbot",
    "/regProcess",
    "/collaboration",
    "/affiliatesPartner",
}
INFO_PAGES = (*company.COMPANY_PAGES, *support.SUPPORT_PAGES)


def _internal(href: str) -> bool:
    return href.startswith("/")


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.slug)
def test_module_features_are_the_spec_list(module):
    # Title case in the copy is fine; the names, their order and their number are the spec's.
    assert [f.name.casefold() for f in module.features] == [name.casefold() for name in SPEC_FEATURES[module.slug]]
    assert all(f.description for f in module.features)


def test_student_and_hr_headings_are_the_spec_wording():
    by_slug = {m.slug: m for m in MODULES}
    assert by_slug["studentSmart"].heading == "Online or on-campus Student Registration and Admissions Program"
    assert by_slug["hrSmart"].heading == "Incredible, completely cloud-based HR program for schools"


def test_read_more_rules_follow_the_spec():
    rules = {m.slug: (m.read_more.min_length, m.read_more.ideal_length, m.read_more.max_length) for m in MODULES}
    assert rules.pop("studentSmart") == (65, 100, 100)
    assert set(rules.values()) == {(100, 150, 200)}


def test_every_spec_route_is_listed_and_registered_exactly_once():
    served = [spec.route for spec in PAGES]
    assert [route for route, n in Counter(served).items() if n > 1] == []
    assert sorted(ROUTES) == sorted(served) == sorted(SPEC_ROUTES + EXTRA_ROUTES)


def test_every_menu_footer_and_page_link_is_a_registered_route():
    links = [item for menu in site.MENUS for item in menu.items]
    links += [*site.FOOTER_LINKS, *site.FOOTER_BLOG_LINKS, site.TOP_STRIP_SUPPORT, site.TOP_STRIP_CONTACT]
    links += [link for service in SERVICES for link in service.related]
    links += [link for page in INFO_PAGES for link in page.links]
    hrefs = {link.href for link in links if _internal(link.href)}
    assert hrefs - set(ROUTES) == set()
    assert {link.href for link in links} - hrefs == set(), "menus, footer and related links are all internal"


def test_products_menu_stores_each_module_name():
    products = next(menu for menu in site.MENUS if menu.label == "Products")
    assert [(item.href, item.product_name) for item in products.items] == [(m.route, m.name) for m in MODULES]
    wellbeing = next(item for item in products.items if item.label == "Wellbeing")
    assert wellbeing.href == "/pastoralSmart"


def test_titles_and_descriptions_are_distinct_and_filled():
    canonical = [page for page in PAGES if not page.canonical]
    titles = [page.seo.title for page in canonical]
    descriptions = [page.seo.description for page in canonical]
    assert all(titles) and all(descriptions)
    assert [t for t, n in Counter(titles).items() if n > 1] == []
    assert [d for d, n in Counter(descriptions).items() if n > 1] == []
    assert all(len(d) <= 160 for d in descriptions), "search engines cut longer descriptions"


@pytest.mark.parametrize("service", SERVICES, ids=lambda s: s.slug)
def test_services_offer_three_other_pages(service):
    hrefs = [link.href for link in service.related]
    assert len(set(hrefs)) == 3 and service.route not in hrefs


def test_installation_takes_six_weeks_in_three_steps():
    installation = next(s for s in SERVICES if s.slug == "installation")
    assert len(installation.steps) == 3
    assert "six weeks" in installation.steps_heading and "three steps" in installation.steps_heading


@pytest.mark.parametrize("school", SCHOOL_TYPES, ids=lambda s: s.slug)
def test_school_types_have_the_five_tabs_sid_first(school):
    assert [tab.name for tab in school.tabs] == ["SID", "LMS", "ADMISSION", "ACADEMIC PLAN", "HR"]


def test_coming_soon_pages_are_the_spec_list_and_offer_help():
    coming_soon = [page for page in INFO_PAGES if page.coming_soon]
    assert {page.route for page in coming_soon} == SPEC_COMING_SOON
    assert all(page.links for page in coming_soon)
    assert site.PRESS_CONTACT.label in next(p for p in coming_soon if p.slug == "press").contacts
    assert site.SUPPORT_CONTACT.label in next(p for p in coming_soon if p.slug == "technicalSupport").contacts


def test_about_us_states_headquarters_and_city_offices():
    assert "headquartered in Oman, with city offices in Oman and Pakistan" in company.ABOUT_US.intro
    assert sum(office.headquarters for office in site.OFFICES) == 1
    assert {office.country for office in site.OFFICES if not office.headquarters} == {"Oman", "Pakistan"}


def test_contact_us_lists_every_office_and_the_support_and_press_lines():
    assert company.CONTACT_US.offices == site.OFFICES
    assert set(company.CONTACT_US.contacts) == {site.SUPPORT_CONTACT.label, site.PRESS_CONTACT.label}
    assert all(office.address and office.phone and office.email for office in site.OFFICES)


def test_give_us_a_call_dials_the_headquarters():
    assert labels.HEADQUARTERS.headquarters
    assert labels.CALL.href == "tel:" + labels.HEADQUARTERS.phone.replace(" ", "")


def test_each_open_position_is_applied_for_on_the_form_at_an_office_with_a_known_employment_type():
    for position in careers.OPEN_POSITIONS:
        assert position.position in forms.CAREER_POSITIONS, position.title
        assert position.office_city in {office.city for office in site.OFFICES}, position.title
        assert position.employment_type in careers.EMPLOYMENT_TYPES, position.title
        assert position.posted <= position.valid_through and position.route.startswith(f"{routes.CAREERS}/")
