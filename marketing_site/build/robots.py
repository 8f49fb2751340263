"""robots.txt written at build time, so its Sitemap line carries the configured site address
(a static file in assets/ could only hold one hard-coded address)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from reflex import constants
from reflex.plugins import Plugin, PreCompileContext

from marketing_site.settings import settings


def robots_txt(site_url: str) -> str:
    """Allow every crawler everywhere and point it at the sitemap Reflex generates."""
    return f"User-agent: *\nAllow: /\n\nSitemap: {site_url}/sitemap.xml\n"


def _robots_task() -> tuple[str, str]:
    return str(Path(constants.Dirs.PUBLIC) / "robots.txt"), robots_txt(settings.site_url)


@dataclass(kw_only=True, frozen=True)
class RobotsTxtPlugin(Plugin):
    """Adds /robots.txt to the exported site, next to sitemap.xml."""

    def pre_compile(self, **context: Unpack[PreCompileContext]) -> None:
        context["add_save_task"](_robots_task)
