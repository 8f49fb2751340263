"""Every page in every language: catalogues hold exactly the site's copy, pages are built from the
same records under the language's prefix, and the exported files carry the language's lang/dir."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import reflex as rx
from reflex.components.base.bare import Bare

from marketing_site import routes
from marketing_site.build.html_language import HtmlLanguagePlugin, HtmlTagMissing, route_of_file, with_language
from marketing_site.build.phone_countries import PhoneCountriesPlugin
from marketing_site.components import chat_widget
from marketing_site.content import careers, forms, messages, not_found, widgets
from marketing_site.content.countries import COUNTRIES
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import (
    ARABIC,
    DEFAULT,
    ENGLISH,
    LANGUAGES,
    language_of_path,
    localized_route,
    preferred_language,
)
from marketing_site.i18n.translation import WHOLE_NAME_CLASSES, MissingTranslation, copy_texts, translate_tree
from marketing_site.layout import navbar
from marketing_site.layout.page import exact_page
from marketing_site.pages import whatsapp
from marketing_site.pages.head.seo import head_tags
from marketing_site.pages.not_found import not_found_in
from marketing_site.pages.registry import PAGES, PUBLISHED, SERVED_ROUTES
from marketing_site.settings import settings

TRANSLATED = [language for language in LANGUAGES if language != DEFAULT]


@pytest.fixture
def every_optional_block(monkeypatch):
    """Settings that show every block that depends on them (portal link, WhatsApp chat link)."""
    shown = settings.model_copy(update={"portal_url": "https://portal.example.com", "chat_phone_number": "96890000000"})
    for module in (navbar, whatsapp, chat_widget):
        monkeypatch.setattr(module, "settings", shown)


def site_copy() -> set[str]:
    """Every English text a catalogue must translate: page bodies (the 404 page's included: it is
    shown in the language of the address) and head text, the messages the lead service sends, the
    forms' server alerts and the chat's alert (copy a handler carries, not a prop), the country names
    and the phone field's own words."""

    def body(spec):  # the 404 page's English copy alone: its other languages' copies are built from the catalogues
        return not_found_in(DEFAULT) if spec.route == routes.NOT_FOUND else exact_page(spec)()

    texts = {text for spec in PAGES for text in (*copy_texts(body(spec)), spec.seo.title, spec.seo.description)}
    return (
        texts
        | set(messages.ENGLISH.values())
        | set(forms.SERVER_ALERTS)
        | {widgets.CHAT_INVALID_PHONE_MESSAGE}
        | set(COUNTRIES)
        | {forms.PHONE_COUNTRY_LABEL}
        | {careers.CLOSED_TEXT}  # an open position's page says it once its last day has passed
    )


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.code)
def test_a_catalogue_translates_exactly_the_site_copy(language, every_optional_block):
    words = catalogue(language)
    expected = site_copy()
    assert sorted(expected - set(words)) == [], "copy with no translation"
    assert sorted(set(words) - expected) == [], "translations of copy the site no longer has"
    assert [text for text, translated in words.items() if not translated.strip()] == []


def test_a_text_with_no_translation_fails_the_build():
    with pytest.raises(MissingTranslation, match="Brand-new sentence"):
        translate_tree(rx.el.p("Brand-new sentence nobody translated."), ARABIC)


def test_every_page_exists_in_every_language_under_its_prefix():
    english = [spec.route for spec in PAGES if spec.route != routes.NOT_FOUND]
    assert {"/ar", "/ar/product", "/ar/studentSmart", "/ar/schedule", "/ar/careers", "/ar/HybridSchool"} <= set(
        SERVED_ROUTES
    )
    for language in TRANSLATED:
        assert sorted(spec.route for spec in PUBLISHED if spec.language == language) == sorted(
            localized_route(route, language) for route in english
        )
    assert [spec.route for spec in PUBLISHED if spec.language == ENGLISH] == [spec.route for spec in PAGES]


def test_an_arabic_page_says_it_in_arabic_and_links_within_arabic():
    spec = next(spec for spec in PUBLISHED if spec.route == "/ar/schedule")
    page = str(exact_page(spec, SERVED_ROUTES)())
    assert spec.head().title == "احجز عرضًا توضيحيًا | Smart School Suite"
    assert "\\u064a\\u0631\\u062c\\u0649" in page or "يرجى" in page  # "please" of the consent and select texts
    assert 'to:"/ar/product"' in page and 'to:"/product"' not in page
    # The switcher goes to the English page with a full load (a plain <a>), named in English.
    assert 'href:"/schedule",hrefLang:"en",lang:"en"},"English"' in page


def test_each_page_names_its_canonical_and_every_language_version():
    spec = next(spec for spec in PUBLISHED if spec.route == "/ar/HybridSchool")
    tags = [str(tag) for tag in head_tags(spec)]
    assert any('rel:"canonical"' in tag and '/ar/hybridSchool"' in tag for tag in tags)
    alternates = [tag for tag in tags if 'rel:"alternate"' in tag]
    assert len(alternates) == len(LANGUAGES) + 1
    assert any('hybridSchool",hrefLang:"x-default"' in tag and "/ar/" not in tag for tag in alternates)
    assert any('hrefLang:"ar"' in tag and '/ar/hybridSchool"' in tag for tag in alternates)


def test_the_arabic_font_loads_on_arabic_pages_only():
    english, arabic = (next(spec for spec in PUBLISHED if spec.route == route) for route in ("/product", "/ar/product"))
    assert not any("woff2" in str(tag) for tag in head_tags(english))
    arabic_head = "".join(str(tag) for tag in head_tags(arabic))
    assert (
        "noto-sans-arabic-arabic-400-normal.woff2" in arabic_head
        and "noto-sans-arabic-arabic-700-normal.woff2" in arabic_head
    )
    assert "font-display:optional" in arabic_head  # swap: see pages/head/fonts.py for its LCP and CLS figures


def test_the_language_of_an_address_is_its_prefix():
    assert language_of_path("/ar") == language_of_path("/ar/product") == ARABIC
    assert language_of_path("/") == language_of_path("/arabic") == language_of_path("/product") == ENGLISH
    assert localized_route("/", ARABIC) == "/ar" and localized_route("/", ENGLISH) == "/"


@pytest.mark.parametrize(
    ("file", "route"),
    [
        ("ar.html", "/ar"),
        ("ar/index.html", "/ar"),
        ("ar/product.html", "/ar/product"),
        ("index.html", "/"),
        ("product/index.html", "/product"),
    ],
)
def test_an_exported_file_is_served_at_its_route(file, route):
    assert route_of_file(Path("/build"), Path("/build") / file) == route


def test_exported_html_gets_the_language_and_direction_of_its_address():
    html = '<!DOCTYPE html><html lang="en" suppressHydrationWarning=""><head></head><body lang="x"></body></html>'
    arabic = with_language(html, ARABIC)
    assert arabic.startswith('<!DOCTYPE html><html lang="ar" dir="rtl" suppressHydrationWarning="">')
    assert '<body lang="x">' in arabic
    assert with_language(arabic, ENGLISH).startswith('<!DOCTYPE html><html lang="en" dir="ltr" ')
    with pytest.raises(HtmlTagMissing):
        with_language("<p>no document</p>", ARABIC)


def test_the_404_page_holds_each_language_and_links_within_it():
    spec = next(spec for spec in PAGES if spec.route == routes.NOT_FOUND)
    built = exact_page(spec)()
    page, hooks = str(built), "".join(built._get_all_hooks())
    words = catalogue(ARABIC)
    for english in (not_found.HEADING, not_found.TEXT):
        assert english in page and json.dumps(words[english]) in page
    # Each copy names the tab in its language when shown; the address's prefix picks the copy.
    assert json.dumps("Page not found") in hooks and json.dumps(words["Page not found"]) in hooks
    for language in TRANSLATED:
        assert f'routerLocation.pathname?.valueOf?.() === "{language.prefix}"' in page
        assert f'routerLocation.pathname.startsWith("{language.prefix}/")' in page
    assert 'jsx("div",{dir:"rtl",lang:"ar"}' in page
    assert 'to:"/ar/product"' in page and 'to:"/product"' in page


def test_each_language_gets_its_404_file_with_a_title_and_so_does_the_shell(tmp_path):
    """Issue 33: the W3C checker refused the 404 pages and the SPA fallback, heads without a <title>."""
    shell = '<html lang="en"><head><meta charset="utf-8"></head><body>shell</body></html>'
    (tmp_path / "__spa-fallback.html").write_text(shell)
    (tmp_path / "404.html").write_text(shell)
    (tmp_path / "about.html").write_text(shell.replace("<head>", "<head><title>About</title>"))
    HtmlLanguagePlugin().post_build(static_dir=tmp_path)
    assert (tmp_path / "ar" / "404.html").read_text() == (
        f'<html lang="ar" dir="rtl"><head><title>{catalogue(ARABIC)["Page not found"]}</title>'
        '<meta charset="utf-8"></head><body>shell</body></html>'
    )
    assert "<head><title>Page not found</title><meta" in (tmp_path / "404.html").read_text()
    fallback = (tmp_path / "__spa-fallback.html").read_text()
    assert fallback.startswith('<html lang="en" dir="ltr"><head><title>Page not found</title>')  # it becomes 404.html
    assert (tmp_path / "about.html").read_text().count("<title>") == 1


def test_the_careers_positions_are_suggested_in_the_page_language():
    spec = next(spec for spec in PUBLISHED if spec.route == "/ar/careers")
    page = str(exact_page(spec, SERVED_ROUTES)())
    assert all(json.dumps(catalogue(ARABIC)[position]) in page for position in forms.CAREER_POSITIONS)
    assert "Mathematics" not in page


def test_the_phone_field_names_countries_in_the_page_language(tmp_path):
    arabic, english = (
        str(exact_page(next(s for s in PUBLISHED if s.route == route), SERVED_ROUTES)()._get_all_hooks())
        for route in ("/ar/schedule", "/schedule")
    )  # the field loads its countries as it mounts: a hook of the page
    assert 'loadPhoneCountries("/ar/phone-countries.json",' in arabic
    assert 'loadPhoneCountries("/phone-countries.json",' in english
    PhoneCountriesPlugin().post_build(static_dir=tmp_path)
    files = {
        prefix: json.loads((tmp_path / prefix / "phone-countries.json").read_text("utf-8")) for prefix in ("", "ar")
    }
    arabic_names = {region: name for region, name, _ in files["ar"]["regions"]}
    assert (arabic_names["PK"], arabic_names["OM"]) == ("باكستان", "عُمان")
    assert ["OM", "Oman", 968] in files[""]["regions"] and ["PK", "Pakistan", 92] in files[""]["regions"]
    assert files["ar"]["zones"] == files[""]["zones"] and files[""]["zones"]["Asia/Muscat"] == "OM"
    assert files[""]["zones"]["Asia/Calcutta"] == files[""]["zones"]["Asia/Kolkata"] == "IN", "old names too"
    english_names = [name for _, name, _ in files[""]["regions"]]
    assert english_names.index("Åland Islands") < english_names.index("Albania"), "alphabetical as read"
    arabic_select = str(exact_page(next(s for s in PUBLISHED if s.route == "/ar/schedule"), SERVED_ROUTES)())
    assert f'"aria-label":{json.dumps(catalogue(ARABIC)[forms.PHONE_COUNTRY_LABEL])}' in arabic_select
    assert json.dumps("باكستان +92") in arabic_select, "the one country offered before the list loads, in Arabic"


def test_server_messages_are_spoken_in_the_page_language():
    label = messages.message("label.email", "ar")
    assert messages.message("field.required", "ar", label=label) == "يرجى إدخال البريد الإلكتروني."
    with messages.speaking("ar"):
        assert messages.message("email.invalid") == messages.CATALOGUES["ar"]["email.invalid"]
    assert messages.message("email.invalid").startswith("Please enter a valid email")


def test_the_consent_version_stored_names_a_translated_wording():
    assert forms.consent_text_version("en") == forms.CONSENT_TEXT_VERSION
    assert forms.consent_text_version("ar") == f"{forms.CONSENT_TEXT_VERSION}/ar"


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("ar", "ar"),
        ("ar-OM,ar;q=0.9,en;q=0.8", "ar"),
        ("en-GB,ar;q=0.5", "en"),
        ("fr;q=1,ar;q=0.2", "ar"),
        ("ar;q=0,en;q=0.1", "en"),
        ("", "en"),
        ("de", "en"),
        ("ar;q=x", "en"),
    ],
)
def test_the_preferred_language_of_an_accept_language_header(header, code):
    assert preferred_language(header).code == code


def test_brand_names_in_right_to_left_page_copy_are_each_one_box_that_moves_to_the_next_line_whole():
    def page() -> rx.Component:
        return rx.el.div(
            rx.el.p("Everything Student Smart includes, ready from the first day."),
            rx.el.select(rx.el.option("Student Smart")),  # an option's text is plain text: no box inside
        )

    def texts(component: rx.Component) -> list[tuple[str | None, str]]:
        """(the class of the element holding it, the text) for each text under the page's first paragraph."""
        found = []
        for child in component.children:
            if isinstance(child, Bare):
                found.append((getattr(component, "class_name", None), child.contents._var_value))
            else:
                found.extend(texts(child))
        return found

    arabic = translate_tree(page(), ARABIC, messages.BRANDS)
    paragraph, select = arabic.children
    pieces = texts(paragraph)
    boxed = [text for classes, text in pieces if classes is not None]
    assert boxed == ["Student Smart"]
    assert str(paragraph.children[0].children[1].class_name) == WHOLE_NAME_CLASSES
    assert (
        "".join(text for _, text in pieces)
        == catalogue(ARABIC)["Everything Student Smart includes, ready from the first day."]
    )
    assert texts(select) == [(None, "Student Smart")]
    english = translate_tree(page(), ARABIC)  # no names given: the copy as written, in one text
    assert len(texts(english.children[0])) == 1
