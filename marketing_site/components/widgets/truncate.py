"""Where a read-more description is cut, decided once at build time (a pure function, unit-tested)."""

from __future__ import annotations

from marketing_site.content.types import ReadMore


def _word_breaks(text: str) -> list[int]:
    """Indexes of whitespace that follows a word: cutting there never splits a word."""
    return [i for i, char in enumerate(text) if char.isspace() and i > 0 and not text[i - 1].isspace()]


def split_for_read_more(text: str, rule: ReadMore) -> tuple[str, str]:
    """Split `text` into the part shown collapsed and the rest.

    Texts up to the ideal length are not cut. Otherwise the cut is the word break
    nearest the ideal length within [min, max] (the shorter one on a tie); with no
    break in that range, the nearest break anywhere; a text with no break at all
    stays whole.
    """
    if len(text) <= rule.ideal_length:
        return text, ""
    breaks = _word_breaks(text)
    in_range = [i for i in breaks if rule.min_length <= i <= rule.max_length]
    candidates = in_range or breaks
    if not candidates:
        return text, ""
    cut = min(candidates, key=lambda i: (abs(i - rule.ideal_length), i))
    return text[:cut], text[cut:]
