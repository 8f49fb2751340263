"""1200x630 Open Graph / Twitter cards, one per page: the page's title and description over the
hero picture, with the page's own illustration when it has one. Rendered by Chromium (already a
test dependency) from the committed artwork, so the cards match the site's fonts and colours.
"""

from __future__ import annotations

import base64
import html
import mimetypes
from pathlib import Path

from marketing_site import routes
from marketing_site.content import site
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.services import SERVICES
from marketing_site.pages.head.seo import share_card_src
from marketing_site.pages.registry import PAGES
from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path

WIDTH, HEIGHT = 1200, 630
ILLUSTRATIONS = {record.route: record.image.src for record in (*MODULES, *SERVICES, *SCHOOL_TYPES)}

TEMPLATE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; width: {w}px; height: {h}px; font-family: Inter, 'Segoe UI', Roboto, Arial, sans-serif;
  background: linear-gradient(rgba(2, 6, 23, .72), rgba(2, 6, 23, .72)), url('{hero}') center / cover; color: #fff;
  display: flex; align-items: center; gap: 48px; padding: 0 64px; box-sizing: border-box; }}
.text {{ flex: 1; }} .logo {{ height: 56px; background: #fff; border-radius: 14px; padding: 10px 16px; }}
h1 {{ font-size: {size}px; line-height: 1.12; margin: 36px 0 20px; }}
p {{ font-size: 26px; line-height: 1.4; color: #e2e8f0; margin: 0; }}
.art {{ width: 400px; height: 300px; border-radius: 28px; background: #fff; object-fit: cover; }}
</style></head><body><div class="text"><img class="logo" src="{logo}">\
<h1>{title}</h1><p>{text}</p></div>{art}</body></html>"""


def _inline(assets: Path, src: str) -> str:
    """An asset as a data: address (a page made with set_content may not load files)."""
    data = (assets / src.lstrip("/")).read_bytes()
    kind = mimetypes.guess_type(src)[0] or "image/webp"
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


def _card_html(assets: Path, title: str, text: str, illustration: str | None) -> str:
    art = f'<img class="art" src="{_inline(assets, illustration)}">' if illustration else ""
    return TEMPLATE.format(
        w=WIDTH,
        h=HEIGHT,
        hero=_inline(assets, "/images/hero.webp"),
        logo=_inline(assets, site.LOGO.src),
        size=52 if len(title) < 60 else 44,
        title=html.escape(title),
        text=html.escape(text),
        art=art,
    )


def write_share_cards(assets: Path) -> None:
    """One JPEG per canonical page (aliases share their page's card)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        for spec in PAGES:
            if spec.route == routes.NOT_FOUND or spec.canonical:
                continue
            target = assets / share_card_src(spec).lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            page.set_content(
                _card_html(assets, spec.seo.title, spec.seo.description, ILLUSTRATIONS.get(spec.route)),
                wait_until="load",
            )
            page.screenshot(path=str(target), type="jpeg", quality=80)
        browser.close()
