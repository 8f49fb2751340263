"""The exported pages' schema.org JSON-LD, read by extruct as a search engine's crawler reads it: the Organization on
every page, a BreadcrumbList on the pages below another, a VideoObject on each module page, a JobPosting with
Google's required fields on each open position's page, in English and in Arabic; no FAQPage or HowTo anywhere."""

from __future__ import annotations

from pathlib import Path

import extruct
import pytest
from site_pages import visitable_pages
from test_export import exported_file

from marketing_site import routes
from marketing_site.content import careers, site
from marketing_site.content.modules import MODULES
from marketing_site.i18n.languages import LANGUAGES, localized_route

JOB_POSTING_REQUIRED = ("title", "description", "datePosted", "validThrough", "hiringOrganization", "jobLocation")


def json_ld(static_root: Path, route: str) -> dict[str, list[dict]]:
    """The page's JSON-LD items by @type."""
    exported = exported_file(static_root, route)
    assert exported is not None, route
    found: dict[str, list[dict]] = {}
    for item in extruct.extract(exported.read_text(encoding="utf-8"), syntaxes=["json-ld"])["json-ld"]:
        found.setdefault(item["@type"], []).append(item)
    return found


@pytest.mark.parametrize(
    "spec", [spec for spec in visitable_pages() if spec.route != routes.NOT_FOUND], ids=lambda s: s.route
)
def test_every_page_names_the_organization_and_no_faq_or_howto(static_root: Path, site_url: str, spec) -> None:
    items = json_ld(static_root, spec.route)
    [organization] = items["Organization"]
    assert organization["name"] == site.BRAND and organization["logo"] == f"{site_url}{site.LOGO.src}"
    assert organization["url"] == f"{site_url}{localized_route(routes.HOME, spec.language)}"
    points = {point["contactType"]: point for point in organization["contactPoint"]}
    assert points["sales"]["telephone"].startswith("+") and "@" in points["technical support"]["email"]
    assert organization["address"]["addressCountry"] == "OM"
    assert "sameAs" not in organization  # the content has no profile addresses yet
    assert not {"FAQPage", "HowTo"} & set(items)


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda language: language.code)
@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.route)
def test_a_module_page_has_its_breadcrumb_trail_and_its_clip(
    static_root: Path, site_url: str, module, language
) -> None:
    route = localized_route(module.route, language)
    items = json_ld(static_root, route)
    [trail] = items["BreadcrumbList"]
    steps = trail["itemListElement"]
    assert [step["position"] for step in steps] == [1, 2, 3]
    assert [step["item"] for step in steps] == [
        f"{site_url}{localized_route(path, language)}" for path in (routes.HOME, routes.PRODUCT, module.route)
    ]
    [clip] = items["VideoObject"]
    assert {"name", "description", "thumbnailUrl", "uploadDate", "contentUrl", "duration"} <= set(clip)
    assert clip["contentUrl"] == f"{site_url}{module.video.src}" and clip["duration"] == f"PT{module.video.seconds}S"
    assert clip["thumbnailUrl"] == [f"{site_url}{module.poster.src}"] and clip["inLanguage"] == language.code
    if language.code == "ar":  # the Arabic page speaks Arabic to search engines too
        assert steps[0]["name"] == "الرئيسية" and any("\u0600" <= ch <= "\u06ff" for ch in clip["description"])


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda language: language.code)
@pytest.mark.parametrize("position", careers.OPEN_POSITIONS, ids=lambda position: position.route)
def test_an_open_positions_page_has_a_job_posting_with_googles_required_fields(
    static_root: Path, site_url: str, position, language
) -> None:
    route = localized_route(position.route, language)
    items = json_ld(static_root, route)
    [job] = items["JobPosting"]
    assert all(job.get(field) for field in JOB_POSTING_REQUIRED), job
    assert (job["datePosted"], job["validThrough"]) == (position.posted.isoformat(), position.valid_through.isoformat())
    assert job["employmentType"] == position.employment_type
    assert job["hiringOrganization"]["name"] == site.BRAND
    address = job["jobLocation"]["address"]
    assert address["addressCountry"] in {"OM", "PK"} and address["addressLocality"]
    [trail] = items["BreadcrumbList"]
    assert trail["itemListElement"][-1]["item"] == f"{site_url}{route}"
    page = exported_file(static_root, route).read_text(encoding="utf-8")
    assert position.posted.isoformat() in page and position.valid_through.isoformat() in page  # shown, not only marked


def test_pages_that_are_not_below_another_have_no_breadcrumb_and_no_page_but_a_positions_has_a_job(static_root: Path):
    for route in (routes.HOME, routes.CAREERS, routes.SCHEDULE, routes.PRODUCT):
        items = json_ld(static_root, route)
        assert set(items) == {"Organization"}, route
