"""What search engines read about a page (schema.org JSON-LD), built from the content records in the page's
language: the Organization on every page, a BreadcrumbList where a page sits below another, a VideoObject where
a module's clip plays, a JobPosting on an open position's page while it is open. No FAQPage or HowTo: Google no
longer shows them.

Each is a `<script type="application/ld+json">`: data, which browsers never run, so the Content-Security-Policy
needs no hash for it (build/csp_hashes.py leaves such scripts out).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import reflex as rx

from marketing_site import routes
from marketing_site.content import links, site
from marketing_site.content.careers import OPEN_POSITIONS
from marketing_site.content.countries import COUNTRY_REGIONS
from marketing_site.content.forms import CAREERS
from marketing_site.content.labels import VIDEO_TITLE
from marketing_site.content.modules import MODULES
from marketing_site.content.types import Link, Module, Office, OpenPosition
from marketing_site.core.clock import utc_now
from marketing_site.i18n.languages import Language, localized_route
from marketing_site.i18n.translation import translated_text
from marketing_site.settings import settings

CONTEXT = "https://schema.org"
ORGANIZATION_ID = "#organization"
HEADQUARTERS = next(office for office in site.OFFICES if office.headquarters)
# Each page below another: its trail from the home page (the visible breadcrumb shows the same).
TRAILS: dict[str, tuple[Link, ...]] = {
    **{module.route: (links.HOME, links.PRODUCTS) for module in MODULES},
    **{position.route: (links.HOME, Link(CAREERS.heading, routes.CAREERS)) for position in OPEN_POSITIONS},
}
_NAMES: dict[str, str] = {
    **{module.route: module.name for module in MODULES},
    **{position.route: position.title for position in OPEN_POSITIONS},
}


def absolute(path: str) -> str:
    return f"{settings.site_url}{path}"


def _address(office: Office, language: Language) -> dict[str, Any]:
    return {
        "@type": "PostalAddress",
        "streetAddress": translated_text(office.address, language),
        "addressLocality": translated_text(office.city, language),
        "addressCountry": COUNTRY_REGIONS[office.country],
    }


def organization(language: Language) -> dict[str, Any]:
    """The company: name, address, logo, how to reach sales and support, and its profiles elsewhere if any."""
    found: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "Organization",
        "@id": absolute(f"/{ORGANIZATION_ID}"),
        "name": site.BRAND,
        "url": absolute(localized_route(routes.HOME, language)),
        "logo": absolute(site.LOGO.src),
        "description": translated_text(site.BRAND_TAGLINE, language),
        "address": _address(HEADQUARTERS, language),
        "contactPoint": [
            {
                "@type": "ContactPoint",
                "contactType": "sales",
                "telephone": HEADQUARTERS.phone,
                "email": HEADQUARTERS.email,
                "availableLanguage": ["English", "Arabic"],
            },
            {
                "@type": "ContactPoint",
                "contactType": "technical support",
                "telephone": site.SUPPORT_PHONE,
                "email": site.SUPPORT_EMAIL,
                "availableLanguage": ["English", "Arabic"],
            },
        ],
    }
    if site.SOCIAL_PROFILES:
        found["sameAs"] = list(site.SOCIAL_PROFILES)
    return found


def breadcrumbs(route: str, language: Language) -> dict[str, Any] | None:
    """Home › … › this page, for a page below another; None for the others."""
    trail = TRAILS.get(route)
    if trail is None:
        return None
    steps = [(link.label, link.href) for link in trail] + [(_NAMES[route], route)]
    return {
        "@context": CONTEXT,
        "@type": "BreadcrumbList",
        "itemListElement": [
            {
                "@type": "ListItem",
                "position": number,
                "name": translated_text(name, language),
                "item": absolute(localized_route(href, language)),
            }
            for number, (name, href) in enumerate(steps, start=1)
        ],
    }


def video(module: Module, language: Language) -> dict[str, Any]:
    """The module's clip, which its page plays."""
    clip = module.video
    return {
        "@context": CONTEXT,
        "@type": "VideoObject",
        "name": translated_text(VIDEO_TITLE.format(name=module.name), language),
        "description": translated_text(module.intro, language),
        "thumbnailUrl": [absolute(module.poster.src)],
        "uploadDate": clip.uploaded.isoformat(),
        "duration": f"PT{clip.seconds}S",
        "contentUrl": absolute(clip.src),
        "inLanguage": language.code,
    }


def job_posting(position: OpenPosition, language: Language) -> dict[str, Any]:
    """Google's JobPosting with the fields it requires (title, description, datePosted, validThrough,
    hiringOrganization, jobLocation) and employmentType; the description as the page shows it."""
    office = next(office for office in site.OFFICES if office.city == position.office_city)
    duties = "".join(f"<li>{translated_text(duty, language)}</li>" for duty in position.duties)
    return {
        "@context": CONTEXT,
        "@type": "JobPosting",
        "title": translated_text(position.title, language),
        "description": f"<p>{translated_text(position.summary, language)}</p><ul>{duties}</ul>",
        "datePosted": position.posted.isoformat(),
        "validThrough": position.valid_through.isoformat(),
        "employmentType": position.employment_type,
        "hiringOrganization": {
            "@type": "Organization",
            "@id": absolute(f"/{ORGANIZATION_ID}"),
            "name": site.BRAND,
            "sameAs": absolute("/"),
            "logo": absolute(site.LOGO.src),
        },
        "jobLocation": {"@type": "Place", "address": _address(office, language)},
        "url": absolute(localized_route(position.route, language)),
    }


def page_data(route: str, language: Language) -> list[dict[str, Any]]:
    """Everything a page (by its route in the default language) says to search engines."""
    found: list[dict[str, Any] | None] = [organization(language), breadcrumbs(route, language)]
    found += [video(module, language) for module in MODULES if module.route == route]
    found += [
        job_posting(position, language)
        for position in OPEN_POSITIONS
        if position.route == route and position.open_on(utc_now().date())
    ]
    return [item for item in found if item is not None]


def json_ld(data: Mapping[str, Any]) -> rx.Component:
    """One JSON-LD script; "<", ">" and "&" escaped so no text in it can close the script or read as markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return rx.el.script(type="application/ld+json", custom_attrs={"dangerouslySetInnerHTML": {"__html": text}})


def structured_data_tags(route: str, language: Language) -> Sequence[rx.Component]:
    return [json_ld(item) for item in page_data(route, language)]
