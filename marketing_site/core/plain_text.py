"""Text a visitor typed, made safe to show where no markup can isolate it (CSV cells, mail subjects).

HTML pages wrap such text in <bdi>; plain text has no such element, so the bidirectional controls that
can reorder the text around them (embeddings, overrides and isolates: the "Trojan Source" characters)
are dropped. The marks that only set a direction (LRM, RLM, ALM) stay: they move nothing outside a name.
"""

from __future__ import annotations

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_DROP = dict.fromkeys(map(ord, BIDI_CONTROLS))


def without_bidi_controls(text: str) -> str:
    return text.translate(_DROP)
