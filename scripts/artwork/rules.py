"""Map an asset path referenced by content to the drawing that produces it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath

from marketing_site.content import site
from marketing_site.content.modules import MODULES
from scripts.artwork import brand, news, partners, posters
from scripts.artwork.palette import SITE, palette_for
from scripts.artwork.parts import backdrop
from scripts.artwork.scenes import MODULE_SCENES, SCHOOL_SCENES, SERVICE_SCENES, Scene
from scripts.artwork.svg import document, el

SCENE_SIZE = (640, 480)
_MODULES = {module.slug: module for module in MODULES}
PROMO_MODULES = ("studentSmart", "timetableSmart", "communicationSmart", "financeSmart")


def _illustration(scene: Scene, background: str, width: int, height: int) -> str:
    """A 640x480 scene, fitted (cropped, centred) into whatever size the record declares."""
    p = palette_for(background)
    body = backdrop(p) + scene(p)
    if (width, height) != SCENE_SIZE:
        body = el("svg", body, width=width, height=height, viewBox="0 0 640 480", preserveAspectRatio="xMidYMid slice")
    return document(width, height, body)


def _module_art(name: str, width: int, height: int) -> str | None:
    module, scene = _MODULES.get(name), MODULE_SCENES.get(name)
    return _illustration(scene, module.background_color, width, height) if module and scene else None


def _scene_art(scenes: dict[str, Scene]) -> Callable[[str, int, int], str | None]:
    def draw(name: str, width: int, height: int) -> str | None:
        scene = scenes.get(name)
        return _illustration(scene, SITE.bg, width, height) if scene else None

    return draw


def _poster(name: str, _width: int, _height: int) -> str | None:
    if name == "promo":
        tiles = [(MODULE_SCENES[slug], palette_for(_MODULES[slug].background_color)) for slug in PROMO_MODULES]
        return posters.poster(site.BRAND, posters.wrap(site.BRAND_TAGLINE), posters.collage_art(tiles), SITE)
    module, scene = _MODULES.get(name), MODULE_SCENES.get(name)
    if not (module and scene):
        return None
    p = palette_for(module.background_color)
    return posters.poster(module.name, posters.wrap(module.small_heading), posters.single_art(scene, p), p)


def _partner(name: str, _width: int, _height: int) -> str | None:
    if name == "strip":
        return partners.partner_strip()
    return partners.partner_logo(name) if name in partners.PARTNER_STYLE else None


_NEWS = {"apps": news.apps, "community": news.community}
_FOLDERS: dict[str, Callable[[str, int, int], str | None]] = {
    "modules": _module_art,
    "services": _scene_art(SERVICE_SCENES),
    "schools": _scene_art(SCHOOL_SCENES),
    "posters": _poster,
    "partners": _partner,
    "news": lambda name, _width, _height: _NEWS[name]() if name in _NEWS else None,
}


def svg_for(src: str, width: int, height: int) -> str | None:
    """The SVG for `src`, or None when no rule knows it."""
    path = PurePosixPath(src)
    if src == site.LOGO.src:
        return brand.logo()
    if path.suffix != ".svg" or path.parent.parent != PurePosixPath("/images"):
        return None
    draw = _FOLDERS.get(path.parent.name)
    return draw(path.stem, width, height) if draw else None
