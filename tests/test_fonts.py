"""The Arabic web faces carry every Arabic letter the catalogues use, and no more than the pages claim."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import LANGUAGES
from marketing_site.pages.head.fonts import NOTO_SANS_ARABIC, WEB_FONTS
from scripts.subset_fonts import SERVED, SOURCES, codepoints

ARABIC_FACE_LANGUAGES = [language for language in LANGUAGES if WEB_FONTS.get(language.code) == NOTO_SANS_ARABIC]
FACES = sorted(SOURCES.glob("*.woff2"))


def arabic_script(text: str) -> set[str]:
    return {ch for ch in text if "ARABIC" in unicodedata.name(ch, "")}


@pytest.mark.parametrize("language", ARABIC_FACE_LANGUAGES, ids=lambda language: language.code)
def test_every_arabic_letter_of_the_catalogue_is_in_the_faces(language):
    used = set().union(*(arabic_script(text) for text in catalogue(language).values()))
    missing = sorted(f"U+{ord(ch):04X} {unicodedata.name(ch)}" for ch in used if ord(ch) not in codepoints())
    assert not missing, f"add these to ARABIC_CODEPOINTS and run python -m scripts.subset_fonts: {missing}"


@pytest.mark.parametrize("source", FACES, ids=lambda path: path.name)
def test_the_served_face_is_the_source_cut_to_the_listed_characters(source: Path):
    published = set(TTFont(source).getBestCmap())
    served = set(TTFont(SERVED / source.name).getBestCmap())
    assert served == codepoints() & published
    assert (SERVED / source.name).stat().st_size < source.stat().st_size / 3


def test_each_face_claims_exactly_the_characters_it_carries():
    for rule in NOTO_SANS_ARABIC.css().split("@font-face")[1:]:
        claimed: set[int] = set()
        for item in rule.split("unicode-range:")[1].split("}")[0].split(","):
            low, _, high = item.strip().removeprefix("U+").partition("-")
            claimed.update(range(int(low, 16), int(high or low, 16) + 1))
        assert claimed == codepoints()
