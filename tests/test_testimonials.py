"""The optional testimonials and customer-logo block: absent without records, complete with them."""

from __future__ import annotations

from marketing_site.content import testimonials
from marketing_site.content import types as records
from marketing_site.pages.home_sections import customer_quotes_section

QUOTE = records.Testimonial("Admissions moved online in a term.", "A. Example", "Principal", "Example School")
LOGO = records.CustomerLogo(
    "Example School", records.Image("/images/customers/example.svg", "Example School logo", 160, 48)
)


def test_no_records_no_block():
    rendered = str(customer_quotes_section((), ()))
    assert testimonials.HEADING not in rendered and "blockquote" not in rendered


def test_records_render_quote_person_school_and_logo():
    rendered = str(customer_quotes_section((QUOTE,), (LOGO,)))
    for text in (
        testimonials.HEADING,
        QUOTE.quote,
        QUOTE.name,
        "Principal, Example School",
        LOGO.logo.src,
        LOGO.logo.alt,
    ):
        assert text in rendered


def test_the_site_ships_no_invented_testimonials():
    assert testimonials.TESTIMONIALS == () and testimonials.CUSTOMER_LOGOS == ()
