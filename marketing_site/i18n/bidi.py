"""Text of both directions on one line: every run of the other direction is isolated (FSI … PDI).

Left alone, the bidirectional algorithm lays out a Latin run inside Arabic text together with its
neighbours: "(Asia/Muscat، UTC+04:00)" gets its brackets paired across the runs and flipped, a name
typed in Latin drags the punctuation after it to the wrong side. An isolate (U+2068 FIRST STRONG
ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) is laid out on its own and counts as one neutral character
outside (UAX #9). Plain text (mail bodies, subjects, the slot picker's text) carries the two
characters; HTML turns each isolate into a <bdi> element (``as_html``).

Brand names are kept on one line with no-break spaces (``unbroken``): "Student Smart" is one name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from markupsafe import Markup, escape

FSI, PDI = "\u2068", "\u2069"
NO_BREAK_SPACE = "\u00a0"
_ISOLATED = re.compile(f"{FSI}[^{FSI}{PDI}]*{PDI}")
_PLACEHOLDER = re.compile(r"(\{[a-z_]+\})")
# A run of Latin script inside right-to-left text: starts with a letter, ends with a letter or digit, and may
# hold the spaces and punctuation of a name, address or zone ("Smart School Suite", "Europe/London", "UTC+04:00").
_LATIN_RUN = re.compile(r"[A-Za-zÀ-ɏ](?:[A-Za-zÀ-ɏ0-9 .,'’&/+_@:-]*[A-Za-zÀ-ɏ0-9])?")
_STRONG = {"L": "ltr", "R": "rtl", "AL": "rtl"}


def isolate(text: str) -> str:
    """``text`` as one isolate (nothing for an empty text)."""
    return f"{FSI}{text}{PDI}" if text else text


def _directions(text: str) -> set[str]:
    """The strong directions of the characters outside the isolates ``text`` already holds."""
    while _ISOLATED.search(text):
        text = _ISOLATED.sub("", text)
    return {_STRONG[kind] for kind in map(unicodedata.bidirectional, text) if kind in _STRONG}


def isolate_foreign(value: str, direction: str) -> str:
    """A value (a name, a zone, a time) put into text of ``direction``: isolated when it holds a letter
    of the other direction, left as it is otherwise (digits and punctuation follow the text around)."""
    return isolate(value) if _directions(value) - {direction} else value


def isolate_runs(template: str, direction: str) -> str:
    """A right-to-left template with each Latin run of its own wording isolated; ``{placeholders}`` and
    text of the other direction are left alone."""
    if direction != "rtl":
        return template
    return "".join(
        piece if _PLACEHOLDER.fullmatch(piece) else _LATIN_RUN.sub(lambda run: isolate(run[0]), piece)
        for piece in _PLACEHOLDER.split(template)
    )


def unbroken(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` joined by no-break spaces, so no line break splits a brand name."""
    for name in names:
        if " " in name:
            text = text.replace(name, name.replace(" ", NO_BREAK_SPACE))
    return text


def as_html(text: str) -> Markup:
    """Plain text with isolates as HTML: escaped, each isolate a <bdi> element (a Jinja filter)."""
    return Markup(str(escape(text)).replace(FSI, "<bdi>").replace(PDI, "</bdi>"))
