"""Choices made from the address in the browser: a page at a wrong-case address shows the 404 copy,
and the 404 page shows the copy of the address's language; both name the tab."""

from __future__ import annotations

import json

import reflex as rx

from marketing_site import routes
from marketing_site.content import not_found
from marketing_site.content.types import Seo
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC, ENGLISH
from marketing_site.layout.by_language import by_language
from marketing_site.layout.page import PageSpec, exact_page, frame
from marketing_site.pages.not_found import PAGES as NOT_FOUND_PAGES
from marketing_site.pages.not_found import not_found_message

SERVED = ("/", "/studentSmart", "/ar/studentSmart", routes.NOT_FOUND)


def body() -> rx.Component:
    return frame(rx.el.h1("Student Smart"))


def compiled(component: rx.Component) -> str:
    return str(component) + "\n".join(component._get_all_hooks())


def test_a_page_shows_its_content_only_at_exactly_a_registered_address():
    page = exact_page(PageSpec("/studentSmart", Seo("Student Smart", "d"), body), SERVED, not_found_message)()
    code = compiled(page)
    registered = json.dumps(sorted(route for route in SERVED if route != routes.NOT_FOUND))
    assert f"{registered}.includes((isTrue(pyRstrip(routerLocation.pathname" in code
    assert "const routerLocation = useLocation()" in code
    assert code.index('"Student Smart"') < code.index(json.dumps(not_found.HEADING)), "content first, 404 copy else"
    assert f'Reflect.set(document, "title", {json.dumps(not_found.SEO.title)}' in code


def test_a_translated_page_names_the_tab_of_its_404_copy_in_its_language():
    spec = PageSpec("/ar/studentSmart", Seo("t", "d"), body, language=ARABIC, default_route="/studentSmart")
    code = compiled(exact_page(spec, SERVED, not_found_message)())
    assert f'"title", {json.dumps(catalogue(ARABIC)[not_found.SEO.title])}' in code


def test_the_404_page_and_pages_built_alone_have_no_address_check():
    [spec] = NOT_FOUND_PAGES
    assert "includes((isTrue(pyRstrip" not in compiled(exact_page(spec, SERVED, not_found_message)())
    assert "routerLocation" not in compiled(body())
    assert "routerLocation" not in compiled(exact_page(PageSpec("/", Seo("t", "d"), body), SERVED)())


def test_by_language_shows_the_block_of_the_address_prefix_else_the_default_languages():
    shown = by_language([(ENGLISH, rx.el.p("Hello"), "Hi"), (ARABIC, rx.el.p("Marhaba"), "Ahlan")])
    code = compiled(shown)
    assert 'routerLocation.pathname?.valueOf?.() === "/ar"' in code
    assert 'routerLocation.pathname.startsWith("/ar/")' in code
    assert code.index('"Marhaba"') < code.index('"Hello"'), "the Arabic block when the prefix matches"
    assert 'Reflect.set(document, "title", "Hi"' in code and 'Reflect.set(document, "title", "Ahlan"' in code
