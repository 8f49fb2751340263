"""The Arabic site as served: right-to-left files with no English copy left, a form that answers in
Arabic end to end, and the language switcher's round trip."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
from lead_forms import fill_demo_contact, submit
from playwright.sync_api import expect

from marketing_site.content import forms, messages, not_found
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC, ENGLISH
from marketing_site.i18n.translation import WHOLE_NAME_CLASSES
from marketing_site.pages.registry import PUBLISHED
from marketing_site.routes import NOT_FOUND

ARABIC_ROUTES = sorted(spec.route for spec in PUBLISHED if spec.language == ARABIC)
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
# Latin words an Arabic page may show: those the translations themselves keep (brand and product
# names, MIS, PDF, Google…), the e-mail addresses the pages list, and the switcher's "English" (lang="en").
KEPT_LATIN = {word for text in catalogue(ARABIC).values() for word in WORD.findall(text)}
SPOKEN_ATTRIBUTES = {"aria-label", "aria-description", "aria-roledescription", "title", "alt", "placeholder"}


class VisibleText(HTMLParser):
    """The text a reader sees or hears in <body>: no scripts or styles, nothing inside an element marked
    lang="en"; the words of labels, role descriptions, titles, alt text and placeholders count too."""

    SKIPPED: ClassVar[set[str]] = {"script", "style", "noscript", "template"}
    VOID: ClassVar[set[str]] = {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.words: list[str] = []

    def handle_starttag(self, tag, attrs):
        inherited_skip = bool(self.stack and self.stack[-1][1])
        if not inherited_skip and dict(attrs).get("lang") != "en" and tag not in self.SKIPPED:
            self._attribute_words(attrs)
        if tag in self.VOID:
            return
        skip = tag in self.SKIPPED or dict(attrs).get("lang") == "en" or inherited_skip
        self.stack.append((tag, bool(skip)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not (self.stack and self.stack[-1][1]):
            self.words += [word for word in WORD.findall(data) if "@" not in data]

    def handle_startendtag(self, tag, attrs):
        """`<img/>`: a start tag with nothing to close (the default also ends it, emptying the stack)."""
        self.handle_starttag(tag, attrs)

    def _attribute_words(self, attrs) -> None:
        """Words a screen reader or a tooltip gives: labels, role descriptions, titles, alt text, placeholders."""
        for name, value in attrs:
            if name in SPOKEN_ATTRIBUTES and value and not re.search(r"@|://", value):
                self.words += WORD.findall(value)


def exported_file(static_root: Path, route: str) -> Path:
    for candidate in (static_root / f"{route.strip('/')}.html", static_root / route.strip("/") / "index.html"):
        if candidate.exists():
            return candidate
    raise AssertionError(f"no exported file for {route}")


@pytest.mark.parametrize("route", ARABIC_ROUTES)
def test_an_arabic_file_is_right_to_left_and_has_no_english_copy_left(static_root, route):
    html = exported_file(static_root, route).read_text(encoding="utf-8")
    assert re.search(r'<html lang="ar" dir="rtl"', html)
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert re.search(r"[\u0600-\u06FF]", title), f"title not in Arabic: {title}"
    body = VisibleText()
    body.feed(html[html.index("<body") :])
    assert re.search(r"[\u0600-\u06FF]", " ".join(body.words) + html), "no Arabic text"
    assert sorted(set(body.words) - KEPT_LATIN) == [], "English words left on the Arabic page"


def test_english_files_stay_left_to_right(static_root):
    for spec in PUBLISHED:
        if spec.language == ENGLISH and spec.route != NOT_FOUND:
            html = exported_file(static_root, spec.route if spec.route != "/" else "/index").read_text(encoding="utf-8")
            assert '<html lang="en" dir="ltr"' in html, spec.route


def test_the_schedule_form_on_the_arabic_page_answers_in_arabic(page, site_url):
    page.goto(f"{site_url}/ar/schedule")
    fill_demo_contact(page, "schedule-demo", "amina@school")  # no dot in the domain: the server refuses it
    expect(page.locator("#schedule-demo-phone-country option[value=PK]")).to_have_text("باكستان +92")
    submit(page, "schedule-demo")
    error = page.locator("#schedule-demo-email-error")
    expect(error).to_have_text(messages.CATALOGUES["ar"]["email.invalid"])
    expect(page.locator("#schedule-demo")).to_contain_text(catalogue(ARABIC)[forms.FIX_FIELDS_TEXT])

    page.fill("#schedule-demo-email", "amina.arabic@school.edu")
    submit(page, "schedule-demo")
    modal = page.locator("#schedule-demo-success")
    expect(modal).to_be_visible()
    expect(modal).to_contain_text(catalogue(ARABIC)[forms.SCHEDULE.success.title])
    expect(modal.get_by_role("link", name=catalogue(ARABIC)[forms.SCHEDULE.success.continue_label])).to_have_attribute(
        "href", "/ar"
    )


def test_the_language_switcher_goes_to_the_same_page_in_the_other_language(browser, site_url):
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("/product")
    page.locator('header a[lang="ar"]').first.click()
    expect(page).to_have_url(f"{site_url}/ar/product")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("h1")).to_have_text(re.compile(r"[\u0600-\u06FF]"))
    page.locator('header a[lang="en"]').first.click()
    expect(page).to_have_url(f"{site_url}/product")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    context.close()


@pytest.mark.parametrize("address", ["/ar/nothing-here", "/ar/PRODUCT"])
def test_an_unknown_arabic_address_gets_the_arabic_404_page(page, site_url, address):
    response = page.goto(f"{site_url}{address}")
    assert response.status == 404
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.locator("h1")).to_have_text(catalogue(ARABIC)[not_found.HEADING])
    expect(page).to_have_title(catalogue(ARABIC)[not_found.SEO.title])
    assert page.locator("main a[href='/ar']").count() >= 1, "a way back to the Arabic home page"


def test_an_unknown_english_address_keeps_the_english_404_page(page, site_url):
    assert page.goto(f"{site_url}/arabic-nothing").status == 404
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text(not_found.HEADING)


def test_the_careers_positions_are_suggested_in_arabic(page, site_url):
    page.goto(f"{site_url}/ar/careers")
    options = page.locator("#careers-position-options option")
    expect(options).to_have_count(len(forms.CAREER_POSITIONS))
    assert options.evaluate_all("options => options.map((option) => option.value)") == [
        catalogue(ARABIC)[position] for position in forms.CAREER_POSITIONS
    ]


# Per visible brand-name box: its text's line fragments, its width, and the content width of the block it sits in.
BRAND_BOX_LINES = """boxes => boxes
  .filter(box => box.offsetParent !== null && box.getBoundingClientRect().width > 0)
  .map(box => {
    const range = document.createRange();
    range.selectNodeContents(box);
    let block = box.parentElement;
    while (getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    const style = getComputedStyle(block);
    const line = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [box.textContent, range.getClientRects().length, box.getBoundingClientRect().width, line];
})"""


@pytest.mark.parametrize("width", [320, 390])
def test_a_brand_name_in_arabic_copy_moves_to_the_next_line_whole(browser, site_url, width):
    """A brand name split over two right-to-left lines reads with its halves swapped; a name wider than the
    line (the suite's name in a heading at 320 px) may still break inside its box rather than overflow."""
    context = browser.new_context(base_url=site_url, viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        for route in ("/ar", "/ar/studentSmart", "/ar/product", "/ar/aboutUs"):
            page.goto(route)
            boxes = page.locator(f"main span.{WHOLE_NAME_CLASSES.replace(' ', '.')}").evaluate_all(BRAND_BOX_LINES)
            assert boxes, route
            for name, lines, box_width, line_width in boxes:
                assert name in messages.BRANDS
                assert lines == 1 or box_width >= line_width - 1, (route, name, lines, box_width, line_width)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, route
    finally:
        context.close()
