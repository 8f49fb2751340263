"""Service scenes: consultancy, case studies, installation, migration, integration, training (640x480)."""

from __future__ import annotations

from scripts.artwork.palette import GOLD, GOLD_LIGHT, LEAF_DARK, SLATE, WHITE, Palette
from scripts.artwork.parts import avatar, card, check_badge, cloud, person, sparkle
from scripts.artwork.svg import circle, ellipse, group, line, path, rect, text


def consultancy(p: Palette) -> str:
    """Two people in conversation under a shared idea."""
    return group(
        rect(290, 338, 60, 34, SLATE[300], 4),
        rect(280, 368, 80, 4, SLATE[500], 2),
        person(220, 370, 150, p.deep),
        person(420, 370, 150, p.mid, skin="#C68B59"),
        rect(130, 370, 380, 14, SLATE[700], 4),
        card(126, 110, 130, 64, p, 20),
        rect(148, 132, 86, 8, SLATE[300], 4) + rect(148, 148, 56, 8, SLATE[200], 4),
        card(384, 120, 130, 64, p, 20, fill=p.deep),
        rect(406, 142, 86, 8, WHITE, 4) + rect(406, 158, 56, 8, WHITE, 4, opacity=0.7),
        circle(320, 118, 34, GOLD_LIGHT),
        circle(320, 118, 24, GOLD),
        rect(308, 150, 24, 18, SLATE[700], 5),
        line("M320 70V58M280 86l-9-9M360 86l9-9", GOLD, 5),
    )


def case_study(p: Palette) -> str:
    """A report with results, examined under a magnifying glass."""
    bars = "".join(
        rect(236 + i * 36, 330 - h, 24, h, p.mid if i != 2 else p.deep, 5) for i, h in enumerate((46, 70, 100, 84))
    )
    return group(
        card(206, 76, 228, 300, p),
        rect(230, 100, 120, 12, SLATE[700], 6),
        rect(230, 124, 170, 8, SLATE[300], 4),
        rect(230, 140, 150, 8, SLATE[300], 4),
        rect(230, 156, 160, 8, SLATE[200], 4),
        line("M230 334H410", SLATE[200], 3),
        bars,
        line("M452 364l52 52", SLATE[700], 18),
        circle(420, 320, 62, WHITE, opacity=0.55),
        circle(420, 320, 62, "none", stroke=p.deep, stroke_width=14),
        path("M388 300a36 36 0 0 1 28-18", "none", stroke=WHITE, stroke_width=6, stroke_linecap="round"),
        check_badge(196, 90, 26),
        sparkle(130, 210, 14, p.highlight),
    )


def installation(p: Palette) -> str:
    """The cloud suite arriving in three steps (about six weeks)."""
    steps = ""
    for i, x in enumerate((176, 320, 464)):
        done = i < 2
        steps += circle(x, 330, 32, LEAF_DARK if done else p.highlight)
        steps += (
            line(f"M{x - 12} {330}l8 9 16-18", WHITE, 6)
            if done
            else text(x, 340, "3", 28, WHITE, 700, text_anchor="middle")
        )
        steps += rect(x - 40, 378, 80, 8, SLATE[300], 4)
    return group(
        cloud(196, 206, 248, WHITE),
        rect(296, 136, 48, 48, p.mid, 12),
        line("M320 146v24m-10-10l10 10 10-10", WHITE, 5),
        line("M320 214v52", p.soft, 4, stroke_dasharray="2 10"),
        line("M208 330H288M352 330H432", p.mid, 6),
        steps,
        sparkle(120, 150, 14, p.highlight),
        sparkle(530, 160, 10, p.mid),
    )


def _database(cx: float, top: float, colour: str, band: str) -> str:
    disks = "".join(ellipse(cx, top + 52 * i, 70, 20, band) for i in (1, 2, 3))
    return group(
        rect(cx - 70, top, 140, 156, colour),
        ellipse(cx, top + 156, 70, 20, colour),
        disks,
        ellipse(cx, top, 70, 20, band),
        ellipse(cx, top, 58, 14, colour, opacity=0.4),
    )


def migration(p: Palette) -> str:
    """Records moving from an old database into the cloud one."""
    files = "".join(
        rect(x, 200 + dy, 28, 34, WHITE, 5, stroke=p.mid, stroke_width=3) for x, dy in ((266, 10), (312, -8), (356, 6))
    )
    return group(
        _database(166, 170, SLATE[400], SLATE[300]),
        _database(474, 170, p.deep, p.mid),
        cloud(404, 142, 140, WHITE),
        line("M250 280H380", p.mid, 6, stroke_dasharray="4 14"),
        path("M380 264l28 16-28 16z", p.mid),
        files,
        sparkle(110, 120, 14, p.highlight),
    )


def integration(p: Palette) -> str:
    """The suite as a hub connected to the tools a school already uses."""
    spokes = ((150, 130), (490, 130), (130, 320), (510, 320), (320, 400))
    glyphs = (
        rect(-14, -10, 28, 20, p.mid, 4) + line("M-14 -6l14 10 14-10", WHITE, 3),
        circle(0, 0, 13, "none", stroke=p.mid, stroke_width=5) + line("M0 -6v6l5 4", p.mid, 3),
        rect(-12, -14, 24, 28, p.mid, 4) + line("M-6 -4h12M-6 4h8", WHITE, 3),
        rect(-14, -4, 6, 16, p.mid, 2) + rect(-3, -12, 6, 24, p.deep, 2) + rect(8, -8, 6, 20, p.mid, 2),
        path("M-14 10l10-22 8 14 6-8 4 16z", p.mid),
    )
    tiles = "".join(
        card(x - 36, y - 36, 72, 72, p, 16) + group(glyph, transform=f"translate({x} {y})")
        for (x, y), glyph in zip(spokes, glyphs, strict=True)
    )
    links = "".join(line(f"M320 240L{x} {y}", p.soft, 5) for x, y in spokes)
    return group(
        links,
        circle(320, 240, 76, p.tint),
        circle(320, 240, 56, p.deep),
        path("M296 228L320 216L344 228L320 240Z", WHITE),
        path("M304 234v12q16 8 32 0v-12l-16 8z", WHITE),
        tiles,
        sparkle(560, 220, 12, p.highlight),
    )


def training(p: Palette) -> str:
    """A trainer at a screen, with an audience of staff."""
    audience = "".join(person(x, 440, 84, c) for x, c in ((200, p.mid), (320, p.deep), (440, SLATE[500])))
    return group(
        rect(312, 276, 16, 50, SLATE[500]),
        rect(270, 322, 100, 10, SLATE[500], 5),
        card(196, 96, 248, 180, p, 14),
        rect(196, 96, 248, 22, p.mid, 0),
        line("M222 230l46-40 40 24 48-54 56 30", p.highlight, 6),
        rect(222, 246, 140, 10, SLATE[300], 5),
        person(520, 380, 150, p.deep, skin="#C68B59"),
        line("M490 296L432 214", SLATE[700], 5),
        circle(432, 214, 6, GOLD),
        avatar(120, 160, 36, p.tint, p.mid),
        audience,
        sparkle(120, 300, 12, p.highlight),
    )
