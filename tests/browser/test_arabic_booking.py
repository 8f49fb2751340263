"""An Arabic visitor books from /ar/schedule on a 390 px phone: the zone is named in Arabic, and the time-zone text
"(توقيت عُمان، UTC+04:00)" reads in order wherever it is shown (the booking modal, the booking page), its
brackets paired around it in the visual order, however the line wraps.

The order is read from the characters' own boxes (Range.getBoundingClientRect): in right-to-left text the opening
bracket comes first (further right, or on an earlier line), then the zone's name, its offset, the closing bracket.
"""

from __future__ import annotations

import itertools

from booking_visitor import FORM, PICKER, booking_of, host, pick, request_demo, visitor  # noqa: F401 (host: fixture)
from itsdangerous import URLSafeTimedSerializer
from playwright.sync_api import Locator, expect

from marketing_site.booking import tokens
from marketing_site.content.booking import SLOT_PICKER
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC

ARABIC_WORDS = catalogue(ARABIC)
ZONE = "توقيت عُمان"
# Boxes of the characters of the last "(…)" in an element: the brackets, the zone's first letter, "UTC".
CHARACTER_BOXES = """(element) => {
    const characters = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        for (let index = 0; index < walker.currentNode.data.length; index++) {
            characters.push([walker.currentNode, index]);
        }
    }
    const text = characters.map(([node, index]) => node.data[index]).join("");
    const box = (at) => {
        const [node, index] = characters[at];
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const {left, right, top, bottom} = range.getBoundingClientRect();
        return {left, right, top, bottom};
    };
    const open = text.lastIndexOf("(");
    return {
        text,
        open: box(open),
        zone: box(text.indexOf("ت", open)),
        offset: box(text.indexOf("UTC", open)),
        close: box(text.lastIndexOf(")")),
    };
}"""


def read_before(first: dict, second: dict) -> bool:
    """In right-to-left text: ``first`` is on an earlier line, or on the same line further right."""
    if first["bottom"] <= second["top"] + 1:
        return True
    same_line = abs(first["top"] - second["top"]) < (first["bottom"] - first["top"]) / 2
    return same_line and first["left"] >= second["right"] - 0.5


def assert_zone_text_in_order(element: Locator) -> None:
    boxes = element.evaluate(CHARACTER_BOXES)
    text = boxes["text"].replace("\u2068", "").replace("\u2069", "")  # the picker's isolates; the page's are <bdi>
    assert f"({ZONE}، UTC+04:00)" in text, text
    order = [boxes["open"], boxes["zone"], boxes["offset"], boxes["close"]]
    assert all(read_before(first, second) for first, second in itertools.pairwise(order)), boxes


def test_an_arabic_visitor_books_at_390px_and_the_zone_text_reads_in_order(browser, served, site_db, host):
    page = visitor(browser, served, "Asia/Muscat", width=390)
    email = request_demo(page, "/ar/schedule")
    zone = page.locator(f"{PICKER}-zone")
    expect(zone).to_have_value("Asia/Muscat")
    expect(zone.locator("option:checked")).to_have_text(ZONE)  # named in Arabic (CLDR), not "Asia/Muscat"
    pick(page, page.locator(f"{PICKER} input[name=slot]").first.get_attribute("value"))
    page.get_by_role("button", name=ARABIC_WORDS[SLOT_PICKER.book_label]).click()
    modal = page.locator(f"#{FORM}-success")
    expect(modal).to_contain_text(ARABIC_WORDS[SLOT_PICKER.booked_title])
    when = page.locator(f"{PICKER}-when")
    expect(when).to_contain_text(ZONE)
    assert when.inner_text().startswith("يوم ")
    assert_zone_text_in_order(when)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    booking = booking_of(site_db, email)
    signed = URLSafeTimedSerializer(served.env["BOOKING_TOKEN_SECRET"], salt=tokens.SALT).dumps(booking.id)
    page.goto(f"{served.backend_url}/booking/{signed}")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    assert_zone_text_in_order(page.locator("dd").first)
    expect(page.locator("footer a")).to_have_attribute("href", f"{served.site_url}/ar")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
