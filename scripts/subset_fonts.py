"""Cut the Arabic web fonts down to the characters the site's Arabic uses: ``python -m scripts.subset_fonts``.

Reads the faces as published (scripts/fonts/, @fontsource/noto-sans-arabic 5.3.0's Arabic subset) and
writes assets/fonts/ with only ``ARABIC_CODEPOINTS`` (marketing_site/pages/head/fonts.py, the same list the
pages' unicode-range names), keeping every contextual form and ligature the shaping rules reach from
them, and the font's names and licence. Run it again after changing that list;
tests/test_fonts.py fails when a translation uses a letter the faces no longer carry.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from marketing_site.pages.head.fonts import ARABIC_CODEPOINTS

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "scripts" / "fonts"
SERVED = ROOT / "assets" / "fonts"


def codepoints() -> set[int]:
    return {point for low, high in ARABIC_CODEPOINTS for point in range(low, high + 1)}


def subset_face(source: Path, target: Path) -> None:
    font = TTFont(source)
    options = subset.Options(
        flavor="woff2", layout_features=["*"], name_IDs=["*"], name_languages=["*"], notdef_outline=True
    )
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints() & set(font.getBestCmap()))
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(target)


def main() -> None:
    for source in sorted(SOURCES.glob("*.woff2")):
        target = SERVED / source.name
        subset_face(source, target)
        print(f"{target.relative_to(ROOT)}: {source.stat().st_size:,} -> {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
