"""Module scenes about people: admissions, staff, communication and wellbeing (640x480)."""

from __future__ import annotations

from scripts.artwork.palette import ROSE, SLATE, WHITE, Palette
from scripts.artwork.parts import avatar, card, check_badge, sparkle
from scripts.artwork.svg import circle, ellipse, group, line, path, rect, text


def admissions(p: Palette) -> str:
    """An online admission form with a photo, fields, consent ticks and an approval badge."""
    fields = "".join(
        rect(228, 196 + i * 50, 64, 8, SLATE[300], 4)
        + rect(228, 210 + i * 50, 184, 24, SLATE[100], 8, stroke=SLATE[200], stroke_width=2)
        for i in range(3)
    )
    return group(
        rect(164, 112, 200, 270, p.tint, 16, transform="rotate(-8 264 247)"),
        card(204, 82, 232, 318, p),
        path("M204 150V100a18 18 0 0 1 18-18h196a18 18 0 0 1 18 18v50z", p.mid),
        avatar(252, 150, 30, WHITE, p.deep),
        rect(296, 104, 110, 10, WHITE, 5, opacity=0.95),
        rect(296, 122, 70, 8, WHITE, 4, opacity=0.7),
        fields,
        rect(228, 356, 20, 20, p.mid, 5),
        line("M233 366l4 4 7-8", WHITE, 3),
        rect(256, 362, 56, 8, SLATE[300], 4),
        rect(330, 350, 82, 30, p.deep, 15),
        text(371, 370, "Apply", 14, WHITE, text_anchor="middle"),
        check_badge(436, 96, 30),
        sparkle(150, 120, 14, p.highlight),
        sparkle(488, 330, 10, p.mid),
    )


def _staff_card(cx: float, y: float, p: Palette, ring: str, body: str) -> str:
    return group(
        card(cx - 64, y, 128, 104, p, 16),
        avatar(cx, y + 36, 24, ring, body),
        rect(cx - 36, y + 70, 72, 8, SLATE[300], 4),
        rect(cx - 24, y + 84, 48, 6, SLATE[200], 3),
    )


def staff(p: Palette) -> str:
    """An organisation chart: a head of school above three staff cards."""
    return group(
        line("M320 186v34M170 220h300M170 220v28M320 220v28M470 220v28", p.mid, 4),
        _staff_card(320, 76, p, p.tint, p.deep),
        _staff_card(170, 252, p, p.tint, p.mid),
        _staff_card(320, 252, p, p.soft, p.deep),
        _staff_card(470, 252, p, p.tint, p.highlight),
        rect(372, 70, 64, 24, p.highlight, 12),
        text(404, 87, "HR", 14, WHITE, 700, text_anchor="middle"),
        sparkle(110, 130, 14, p.highlight),
        sparkle(540, 170, 10, p.mid),
    )


def messaging(p: Palette) -> str:
    """A megaphone sending announcements that land as chat bubbles."""
    dots = "".join(circle(424 + i * 26, 150, 7, p.mid) for i in range(3))
    lines = rect(430, 316, 96, 8, WHITE, 4) + rect(430, 334, 64, 8, WHITE, 4, opacity=0.75)
    return group(
        card(392, 106, 176, 88, p, 22),
        path("M420 194l-10 26 34-26z", WHITE),
        dots,
        rect(408, 294, 156, 64, p.deep, 20),
        path("M540 358l14 22-40-22z", p.deep),
        lines,
        rect(122, 240, 40, 62, SLATE[700], 10),
        path("M158 236L292 170v202L158 306z", p.mid),
        ellipse(292, 271, 22, 101, p.deep),
        ellipse(292, 271, 12, 76, p.soft),
        path("M186 300l18 70h26l-10-62z", SLATE[700]),
        line("M336 226q24 45 0 90M366 200q40 71 0 142", p.highlight, 7),
        sparkle(120, 140, 14, p.highlight),
    )


def wellbeing(p: Palette) -> str:
    """A heart with a pulse line, a medical cross and a smiling face: care and wellbeing."""
    heart = (
        "M320 352C240 300 206 262 206 220C206 186 232 162 264 162C290 162 308 176 320 196"
        "C332 176 350 162 376 162C408 162 434 186 434 220C434 262 400 300 320 352Z"
    )
    return group(
        circle(320, 250, 150, WHITE),
        circle(320, 250, 150, "none", stroke=p.tint, stroke_width=12),
        path(heart, ROSE),
        path(
            "M232 196C236 180 250 172 264 172",
            "none",
            stroke=WHITE,
            stroke_width=8,
            stroke_linecap="round",
            opacity=0.5,
        ),
        line("M216 246H278l14-34 20 66 18-50 12 18H424", WHITE, 8),
        circle(458, 126, 38, p.mid),
        rect(450, 104, 16, 44, WHITE, 3),
        rect(436, 118, 44, 16, WHITE, 3),
        circle(180, 372, 34, p.highlight),
        circle(170, 364, 4, SLATE[800]),
        circle(190, 364, 4, SLATE[800]),
        line("M166 378q14 14 28 0", SLATE[800], 4),
        sparkle(500, 360, 12, p.mid),
        sparkle(140, 150, 12, p.highlight),
    )
