"""Web fonts a language needs beyond the system fonts, loaded on that language's pages only.

Arabic: Noto Sans Arabic 400 and 700 from @fontsource/noto-sans-arabic 5.3.0 (SIL OFL, npm), its
Arabic subset only, self-hosted in assets/fonts/. The @font-face rules are inlined in the head (no
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
The LCP bar is still missed with optional in a full run (/ar +47 %, /ar/studentSmart +74 %): whenever
the fonts are fetched before the largest paint, Lighthouse's simulation counts their ~100 KB on the
slow link ahead of the hero image (per run, /ar 1.88 s, 1.28 s, 1.88 s against / 1.28 s). Left to do:
subset the faces to the glyphs the catalogue uses, or request them after first paint.
`optional` uses the font when it is ready within ~100 ms (cached, or a fast connection) and otherwise
keeps the system's Arabic font for the page's life, never shifting. Latin text on those pages keeps
the system font (the faces cover only the Arabic unicode range).
"""

from __future__ import annotations

import reflex as rx

from ..languages import Language

_ARABIC_RANGE = "U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC,U+102E0-102FB,U+10E60-10E7E,U+10EC2-10EC4,U+10EFC-10EFF,U+1EE00-1EE03,U+1EE05-1EE1F,U+1EE21-1EE22,U+1EE24,U+1EE27,U+1EE29-1EE32,U+1EE34-1EE37,U+1EE39,U+1EE3B,U+1EE42,U+1EE47,U+1EE49,U+1EE4B,U+1EE4D-1EE4F,U+1EE51-1EE52,U+1EE54,U+1EE57,U+1EE59,U+1EE5B,U+1EE5D,U+1EE5F,U+1EE61-1EE62,U+1EE64,U+1EE67-1EE6A,U+1EE6C-1EE72,U+1EE74-1EE77,U+1EE79-1EE7C,U+1EE7E,U+1EE80-1EE89,U+1EE8B-1EE9B,U+1EEA1-1EEA3,U+1EEA5-1EEA9,U+1EEAB-1EEBB,U+1EEF0-1EEF1;".rstrip(";")
_ARABIC_FILES = {400: "/fonts/noto-sans-arabic-arabic-400-normal.woff2", 700: "/fonts/noto-sans-arabic-arabic-700-normal.woff2"}
_ARABIC_CSS = "".join(
    f"@font-face{{font-family:'Noto Sans Arabic';font-style:normal;font-display:optional;font-weight:{weight};"
    f"src:url({src}) format('woff2');unicode-range:{_ARABIC_RANGE}}}"
    for weight, src in _ARABIC_FILES.items()
) + ":root{--font-sans:'Noto Sans Arabic',ui-sans-serif,system-ui,sans-serif}"


# The web font rules of each language the system fonts do not serve well, by language code: a new
# language in the Arabic script may reuse these ("ur": _ARABIC_CSS), one in another script adds its own.
FONT_RULES: dict[str, str] = {"ar": _ARABIC_CSS}


def font_links(language: Language) -> list[rx.Component]:
    """Head tags loading the language's web font (none for languages the system fonts serve)."""
    rules = FONT_RULES.get(language.code)
    return [rx.el.style(rules)] if rules else []
