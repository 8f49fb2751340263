"""The read-more cut: nearest word break to the ideal length, within [min, max], never mid-word."""

from __future__ import annotations

import pytest

from marketing_site.components.widgets.truncate import split_for_read_more
from marketing_site.content.modules import MODULES
from marketing_site.content.types import ReadMore

STUDENT_RULE = ReadMore(65, 100, 100)
CARD_RULE = ReadMore(100, 150, 200)


def test_short_text_is_not_cut():
    assert split_for_read_more("Short text.", ReadMore()) == ("Short text.", "")


def test_text_exactly_ideal_length_is_not_cut():
    text = "a" * 99 + "b"
    assert split_for_read_more(text, ReadMore()) == (text, "")


def test_cut_is_the_word_break_nearest_the_ideal_length():
    # Words of 9 letters + a space: breaks at 9, 19, 29, ... ; ideal 100 is nearest 99.
    text = " ".join(["abcdefghi"] * 30)
    shown, rest = split_for_read_more(text, ReadMore(80, 100, 200))
    assert len(shown) == 99
    assert shown + rest == text


def test_tie_prefers_the_shorter_cut():
    # Breaks at 95 and 105 are both 5 away from 100.
    text = "a" * 95 + " " + "b" * 9 + " " + "c" * 50
    shown, _ = split_for_read_more(text, ReadMore(80, 100, 200))
    assert len(shown) == 95


def test_cut_never_exceeds_max_even_if_a_later_break_is_nearer():
    # Student rule: max == ideal == 100; the only break in range is at 70.
    text = "a" * 70 + " " + "b" * 40 + " tail"
    shown, rest = split_for_read_more(text, STUDENT_RULE)
    assert shown == "a" * 70
    assert rest == " " + "b" * 40 + " tail"


def test_no_break_in_range_falls_back_to_the_nearest_break():
    text = "a" * 30 + " " + "b" * 300
    shown, rest = split_for_read_more(text, CARD_RULE)
    assert shown == "a" * 30
    assert rest.strip() == "b" * 300


def test_text_without_any_break_stays_whole():
    text = "x" * 500
    assert split_for_read_more(text, CARD_RULE) == (text, "")


def test_double_spaces_do_not_create_an_empty_word():
    text = "word  " * 40
    shown, _ = split_for_read_more(text, ReadMore(80, 100, 200))
    assert not shown.endswith(" ")


LONG_CARDS = [m for m in MODULES if len(m.card_text) > m.read_more.ideal_length]
SHORT_CARDS = [m for m in MODULES if len(m.card_text) <= m.read_more.ideal_length]


def test_the_cards_include_both_cut_and_whole_texts():
    assert len(LONG_CARDS) >= 2 and len(SHORT_CARDS) >= 2


@pytest.mark.parametrize("module", LONG_CARDS, ids=lambda m: m.slug)
def test_a_card_longer_than_its_ideal_length_is_cut_between_words_within_its_rule(module):
    shown, rest = split_for_read_more(module.card_text, module.read_more)
    rule = module.read_more
    assert shown + rest == module.card_text
    assert rule.min_length <= len(shown) <= rule.max_length
    assert rest[0].isspace() and not shown[-1].isspace()


@pytest.mark.parametrize("module", SHORT_CARDS, ids=lambda m: m.slug)
def test_a_card_within_its_ideal_length_is_shown_whole(module):
    assert split_for_read_more(module.card_text, module.read_more) == (module.card_text, "")
