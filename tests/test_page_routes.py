"""Each page family renders its records' text (what prerendering puts in the HTML), and the
/HybridSchool alias is served yet points search engines at /hybridSchool."""

from __future__ import annotations

import json

import pytest

from marketing_site import routes
from marketing_site.build.robots import robots_txt
from marketing_site.content import labels
from marketing_site.content.info import company, support
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.services import SERVICES
from marketing_site.content.types import Image
from marketing_site.i18n.languages import LANGUAGES
from marketing_site.pages.blocks import picture
from marketing_site.pages.head.seo import head_tags, sitemap_context
from marketing_site.pages.registry import PAGES
from marketing_site.settings import settings

SPECS = {spec.route: spec for spec in PAGES}


def rendered(route: str) -> str:
    """The page's compiled JSX, in which every visible string appears JSON-encoded."""
    return str(SPECS[route].body())


def shows(jsx: str, text: str) -> bool:
    return json.dumps(text)[1:-1] in jsx


def remembers(jsx: str, product: str) -> bool:
    """The link stores `product` in the browser: code compiled into the bundle (run_script), not an eval'd string."""
    return f"localStorage.setItem('product-name', {json.dumps(product)})" in jsx


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.slug)
def test_module_page_shows_heading_breadcrumb_features_and_demo_link(module):
    jsx = rendered(module.route)
    assert shows(jsx, module.heading) and shows(jsx, module.intro)
    crumbs = jsx[jsx.index('jsx("nav",{"aria-label":"Breadcrumb"}') :]
    assert crumbs.index('to:"/"') < crumbs.index('to:"/product"') < crumbs.index(json.dumps(module.name))
    assert all(shows(jsx, feature.name) for feature in module.features)
    assert 'id:"watch-video"' in jsx and f'to:"{routes.DEMO_REQUEST}"' in jsx
    assert remembers(jsx, module.name)


def test_product_overview_shows_every_module_card_with_its_view_link():
    jsx = rendered("/product")
    for module in MODULES:
        assert shows(jsx, module.name) and shows(jsx, module.small_heading) and f'to:"{module.route}"' in jsx
        assert module.background_color in jsx


@pytest.mark.parametrize("service", SERVICES, ids=lambda s: s.slug)
def test_service_page_shows_sections_steps_related_links_and_call(service):
    jsx = rendered(service.route)
    texts = [service.heading, service.intro, labels.RELATED_HEADING, labels.CALL.label]
    texts += [block.heading for block in service.sections] + [step.title for step in service.steps]
    assert all(shows(jsx, text) for text in texts)
    assert all(f'to:"{link.href}"' in jsx for link in service.related)
    assert f'"{labels.CALL.href}"' in jsx


@pytest.mark.parametrize("school", SCHOOL_TYPES, ids=lambda s: s.slug)
def test_school_type_page_has_five_tabs_with_demo_links_storing_the_tab(school):
    jsx = rendered(school.route)
    assert shows(jsx, school.heading)
    for tab in school.tabs:
        assert shows(jsx, tab.description)
        assert remembers(jsx, tab.name)


@pytest.mark.parametrize("page", (*company.COMPANY_PAGES, *support.SUPPORT_PAGES), ids=lambda p: p.slug)
def test_info_page_shows_its_records(page):
    jsx = rendered(page.route)
    texts = [page.heading, page.intro, *page.contacts, *(link.label for link in page.links)]
    texts += [office.phone for office in page.offices] + [office.email for office in page.offices]
    assert all(shows(jsx, text) for text in texts)
    assert shows(jsx, labels.COMING_SOON_BADGE) == page.coming_soon


OWN_FAMILIES = [
    spec
    for spec in PAGES
    if spec.body.__module__.rsplit(".", 1)[-1]
    in {"product_overview", "module_page", "service_page", "school_type_page", "info_page", "whatsapp", "not_found"}
]


@pytest.mark.parametrize("spec", OWN_FAMILIES, ids=lambda spec: spec.route)
def test_page_has_exactly_one_h1(spec):
    shown_one_of = (
        len(LANGUAGES) if spec.route == routes.NOT_FOUND else 1
    )  # the 404 page: one copy per language, one shown
    assert str(spec.body()).count('jsx("h1"') == shown_one_of


def test_pictures_are_sized_by_html_attributes_and_lazy_below_the_fold():
    """width/height must be attributes (space reserved before load), not Reflex's fixed CSS size."""
    image = Image("/images/modules/x.svg", "An illustration", 640, 480)
    below, hero = str(picture(image)), str(picture(image, eager=True))
    assert "height:480" in below and "width:640" in below and '["width"]' not in below
    assert 'loading:"lazy"' in below and 'loading:"eager"' in hero


def test_hybrid_alias_serves_the_page_with_a_canonical_link_and_stays_out_of_the_sitemap():
    alias, page = SPECS["/HybridSchool"], SPECS["/hybridSchool"]
    assert alias.canonical == "/hybridSchool" and alias.body is page.body and alias.seo == page.seo
    assert sitemap_context(alias) == {"sitemap": None}
    assert str(head_tags(alias)[0]) == str(head_tags(page)[0])
    assert f"{settings.site_url}/hybridSchool" in str(head_tags(alias)[0])


def test_canonical_pages_are_in_the_sitemap_and_the_404_page_has_no_canonical_link():
    assert all(sitemap_context(spec) == {} for spec in PAGES if not spec.canonical)
    assert head_tags(SPECS["404"]) == []


def test_robots_txt_allows_all_and_names_the_sitemap():
    assert robots_txt("https://school.example") == (
        "User-agent: *\nAllow: /\n\nSitemap: https://school.example/sitemap.xml\n"
    )


def test_every_published_page_builds_without_what_reflex_0_11_removes():
    """tests/conftest.py turns Reflex's deprecation log into an error: a form control submitted by its id,
    for one, stops being submitted in 0.11."""
    from marketing_site.pages.registry import PUBLISHED

    for spec in PUBLISHED:
        spec.body()
