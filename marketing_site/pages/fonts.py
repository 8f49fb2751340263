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
The LCP bar is still missed with optional in a full run (/ar +47 %, /ar/studentSmart +74 %): whenever
the fonts are fetched before the largest paint, Lighthouse's simulation counts their ~100 KB on the
slow link ahead of the hero image (per run, /ar 1.88 s, 1.28 s, 1.88 s against / 1.28 s). Hence the
subset to the Arabic alphabet: ~20 KB for both faces instead of ~100 KB.
`optional` uses the font when it is ready within ~100 ms (cached, or a fast connection) and otherwise
keeps the system's Arabic font for the page's life, never shifting. Latin text on those pages keeps
the system font (the faces cover only the Arabic unicode range).
"""

from __future__ import annotations

import reflex as rx

from ..languages import Language

# The characters the Arabic faces keep (scripts/subset_fonts.py cuts them to these, with every contextual
# form the shaping rules reach): the Arabic alphabet, tatweel and harakat, Arabic-Indic digits and
# punctuation, and the joiners and direction marks. Anything else falls back to the system font.
ARABIC_CODEPOINTS: tuple[tuple[int, int], ...] = (
    (0x060C, 0x060C), (0x061B, 0x061B), (0x061F, 0x061F), (0x0621, 0x063A), (0x0640, 0x0652),
    (0x0660, 0x066D), (0x200C, 0x200F),
)
_ARABIC_RANGE = ",".join(f"U+{low:04X}" if low == high else f"U+{low:04X}-{high:04X}" for low, high in ARABIC_CODEPOINTS)
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
