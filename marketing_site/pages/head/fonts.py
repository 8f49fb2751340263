"""Web fonts a language needs beyond the system fonts, loaded on that language's pages only.

Arabic: Noto Sans Arabic 400 and 700 from @fontsource/noto-sans-arabic 5.3.0 (SIL OFL, npm), its
Arabic subset (scripts/fonts/, 49 and 50 KB) cut to ARABIC_CODEPOINTS by scripts/subset_fonts.py
(about 10 KB each), self-hosted in assets/fonts/. The @font-face rules are inlined in the head (no
extra stylesheet request before first paint). No preload: it competed with the hero image.

`font-display: optional`, not `swap`, measured on 2026-11-24 (`make bench`, /ar beside / in one run):
- swap alone moved the text when the font arrived (local fonts set Arabic wider or narrower, so lines
  broke elsewhere): CLS 0.056 on /ar at 390 px (`bash scripts/a11y.sh --cls-only`), 0.16 in Lighthouse;
- swap behind a local fallback face sized like Noto (`size-adjust` 92 %/85 % and Noto's ascent/descent
  on DejaVu Sans, measured in Chromium on the site's Arabic copy) moved nothing (CLS 0.0002, font on
  time or 1.5 s late), but the font's repaint became the largest paint: LCP /ar 1.88 s against / 1.30 s
  (+45 %), /ar/schedule +65 %, far over the issue's 10 %;
- optional behind that fallback kept the LCP (+7 %) but Lighthouse saw the fallback face itself shift
  a section (CLS 0.156 in 2 of 3 runs: a local() face resolves asynchronously); optional alone:
  CLS 0 on every page in every run. So: optional, no fallback face (the fallback work is in git
  history, commit "Arabic font: font-display swap with a metric-matched local fallback").
With optional alone the LCP bar was still missed (/ar +12 %, /ar/schedule +18 % after the subset below):
whenever the fonts are fetched before the largest paint, Lighthouse's simulation counts their bytes on
the slow link ahead of the hero image. Yet on such a link `optional` never uses a face that is not
cached (it waits ~100 ms at most), so those bytes bought nothing on a first visit.

Hence: repeat-view fonts. The faces are cut to the Arabic alphabet (~10 KB each), and a page uses
the family only when this browser has loaded it before: a tiny head script checks a flag in
localStorage before the first paint and turns the family on; otherwise, after `load`, it fetches the
faces into the cache (the text on screen does not use them, so nothing moves) and sets the flag, so
the next page load paints in Noto straight from the cache. A first visit is in the system's Arabic font,
as `optional` on a slow link would show it anyway. Latin text keeps the system font (the faces cover only
the Arabic unicode range). The rest of the Arabic pages' LCP gap was one network round trip in their
headers, not the font (hydrate_after_paint.py). `make bench` on 2026-11-24 with both, twice: each Arabic page's
LCP at most 8 % above its English page's (README, English and Arabic).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import reflex as rx

from marketing_site.i18n.languages import Language

# The characters the Arabic faces keep (scripts/subset_fonts.py cuts them to these, with every contextual
# form the shaping rules reach): the Arabic alphabet, tatweel and harakat, Arabic-Indic digits and
# punctuation, and the joiners and direction marks. Anything else falls back to the system font.
ARABIC_CODEPOINTS: tuple[tuple[int, int], ...] = (
    (0x060C, 0x060C),
    (0x061B, 0x061B),
    (0x061F, 0x061F),
    (0x0621, 0x063A),
    (0x0640, 0x0652),
    (0x0660, 0x066D),
    (0x200C, 0x200F),
)
# The class the head script puts on <html> once the faces are in this browser's cache.
CACHED_CLASS = "web-font"


@dataclass(frozen=True)
class WebFont:
    """A self-hosted family: one woff2 file per weight, each claiming the same characters."""

    family: str
    files: dict[int, str]  # weight -> address
    codepoints: tuple[tuple[int, int], ...]

    def css(self) -> str:
        """The @font-face rules, and the family as the site's sans font once the faces are cached."""
        ranges = ",".join(f"U+{low:04X}" if low == high else f"U+{low:04X}-{high:04X}" for low, high in self.codepoints)
        faces = "".join(
            f"@font-face{{font-family:'{self.family}';font-style:normal;font-display:optional;font-weight:{weight};"
            f"src:url({src}) format('woff2');unicode-range:{ranges}}}"
            for weight, src in self.files.items()
        )
        return faces + f":root.{CACHED_CLASS}{{--font-sans:'{self.family}',ui-sans-serif,system-ui,sans-serif}}"

    @property
    def storage_key(self) -> str:
        """The localStorage flag saying this browser has the faces cached."""
        return f"web-font:{self.family}"

    def script(self) -> str:
        """Before the first paint: use the family if an earlier page cached it; else cache it after
        `load`. A refused localStorage or a face that fails to load leaves the system font, and no error."""
        key = json.dumps(self.storage_key)
        sample = chr(self.codepoints[0][0])
        loads = ",".join(
            f"document.fonts.load({json.dumps(f'{weight} 1em {self.family!r}')},{json.dumps(sample)})"
            for weight in self.files
        )
        return (
            f"try{{if(localStorage.getItem({key}))document.documentElement.classList.add({json.dumps(CACHED_CLASS)});"
            f'else addEventListener("load",()=>Promise.all([{loads}])'
            f'.then(faces=>faces.every(face=>face.length)&&localStorage.setItem({key},"1")).catch(()=>{{}}))}}catch(e){{}}'
        )


NOTO_SANS_ARABIC = WebFont(
    family="Noto Sans Arabic",
    files={
        400: "/fonts/noto-sans-arabic-arabic-400-normal.woff2",
        700: "/fonts/noto-sans-arabic-arabic-700-normal.woff2",
    },
    codepoints=ARABIC_CODEPOINTS,
)

# The web font of each language the system fonts do not serve well, by language code: a new language in
# the Arabic script may reuse this one ("ur": NOTO_SANS_ARABIC), one in another script adds its own.
WEB_FONTS: dict[str, WebFont] = {"ar": NOTO_SANS_ARABIC}


def font_links(language: Language) -> list[rx.Component]:
    """Head tags loading the language's web font (none for languages the system fonts serve)."""
    font = WEB_FONTS.get(language.code)
    if font is None:
        return []
    # href and precedence make React 19 hoist the <style> into the head (a plain one stays where it is rendered,
    # at the end of the body, which the W3C checker refuses).
    hoisted = {"href": f"web-font-{language.code}", "precedence": "default"}
    return [rx.el.style(font.css(), custom_attrs=hoisted), rx.el.script(font.script())]
