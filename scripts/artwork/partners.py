"""Fictional affiliate-partner logos: a 48x48 mark plus a two-line name, and the footer strip."""

from __future__ import annotations

from scripts.artwork.palette import SLATE, WHITE
from scripts.artwork.parts import cloud
from scripts.artwork.svg import circle, document, group, line, path, rect, text

# slug -> (brand colour, first line, second line); names follow content/home.py PARTNERS.
PARTNER_STYLE: dict[str, tuple[str, str, str]] = {
    "cloud-campus": ("#0284C7", "Cloud Campus", "ALLIANCE"),
    "edubridge": ("#4F46E5", "EduBridge", "LEARNING NETWORK"),
    "learnwell": ("#059669", "LearnWell", "FOUNDATION"),
    "gulf-schools": ("#0D9488", "Gulf Schools", "NETWORK"),
    "punjab-education": ("#D97706", "Punjab", "EDUCATION PARTNERS"),
    "open-classroom": ("#E11D48", "Open", "CLASSROOM"),
    "brightpath": ("#7C3AED", "BrightPath", "ASSESSMENT"),
}


def _mark(slug: str, colour: str) -> str:
    """Each partner's symbol, drawn in a 48x48 box."""
    shapes = {
        "cloud-campus": rect(0, 0, 48, 48, colour, 12) + cloud(8, 34, 32, WHITE),
        "edubridge": rect(0, 0, 48, 48, colour, 24)
        + line("M8 32Q24 10 40 32M8 32h32M16 32v-7M24 32v-10M32 32v-7", WHITE, 3.5),
        "learnwell": path("M24 4C40 14 44 32 24 44C4 32 8 14 24 4Z", colour)
        + line("M24 14v26M24 26l8-6M24 32l-7-5", WHITE, 3),
        "gulf-schools": circle(24, 24, 24, colour) + line("M8 20q8-6 16 0t16 0M8 30q8-6 16 0t16 0", WHITE, 3.5),
        "punjab-education": rect(0, 0, 48, 48, colour, 10)
        + line(
            "M10 12q6 4 0 8t0 8 0 8M17 12q6 4 0 8t0 8 0 8M24 12q6 4 0 8t0 8 0 8"
            "M31 12q6 4 0 8t0 8 0 8M38 12q6 4 0 8t0 8 0 8",
            WHITE,
            2.5,
        ),
        "open-classroom": path("M4 12q10-4 20 2q10-6 20-2v28q-10-4-20 2q-10-6-20-2z", colour)
        + line("M24 14v28", WHITE, 2.5),
        "brightpath": circle(24, 24, 24, colour)
        + line("M12 36L22 24l6 6 10-14", WHITE, 3.5)
        + circle(38, 14, 4, "#FCD34D"),
    }
    return shapes[slug]


def partner_logo(slug: str) -> str:
    """200x80 logo: mark on the left, name in two weights on the right."""
    colour, first, second = PARTNER_STYLE[slug]
    return document(
        200,
        80,
        rect(0, 0, 200, 80, WHITE),
        group(_mark(slug, colour), transform="translate(12 16)"),
        text(70, 38, first, 17 if len(first) <= 10 else 15, SLATE[800], 700),
        text(
            70,
            56,
            second,
            11 if len(second) <= 12 else 9,
            colour,
            700,
            letter_spacing="1" if len(second) <= 12 else "0.4",
        ),
    )


def partner_strip() -> str:
    """600x80 footer image: all partner marks in a row."""
    slot = 600 / len(PARTNER_STYLE)
    marks = "".join(
        group(_mark(slug, colour), transform=f"translate({round(slot * i + (slot - 48) / 2, 1)} 16)")
        for i, (slug, (colour, _, _)) in enumerate(PARTNER_STYLE.items())
    )
    return document(600, 80, marks)
