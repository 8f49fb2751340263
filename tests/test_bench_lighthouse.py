"""`make bench` measures each page in every language in the same run and reads off the issue's bar
(a translated page's LCP against its default-language page's), without running Lighthouse."""

from __future__ import annotations

from marketing_site.i18n.languages import LANGUAGES, localized_route
from scripts.bench_lighthouse import ROUTES, PageResult, default_route, print_language_pairs


def test_every_benchmarked_page_is_measured_in_every_language_side_by_side():
    side_by_side = [localized_route(route, language) for route in ("/", "/product") for language in LANGUAGES]
    assert ROUTES[: len(side_by_side)] == tuple(side_by_side)
    assert {"/ar/studentSmart", "/ar/schedule", "/studentSmart", "/schedule"} <= set(ROUTES)
    assert [default_route(route) for route in ("/ar", "/ar/product", "/product", "/arabic")] == [
        "/",
        "/product",
        "/product",
        "/arabic",
    ]


def test_the_pairs_table_gives_each_translation_its_lcp_against_the_default_page(capsys):
    result = lambda route, lcp: PageResult(route, {}, lcp, 0, 0, 0, 0)  # noqa: E731
    print_language_pairs([result("/", 1000), result("/ar", 1080), result("/ar/schedule", 900)])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "| /ar vs / | 1.00 s | 1.08 s | +8% |", "no pair without its default page (/schedule)"
