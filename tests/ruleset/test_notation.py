"""Card notation: lossless round-trips and readable, located errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji_variants.ruleset.cards import BIG_JOKER, N_RANKS, RANK_SYMBOLS, SMALL_JOKER, TEN, Cards
from gouji_variants.ruleset.grammar import NotationError

#: Every spelling the grammar accepts for each rank (cards.lark).
SPELLINGS: dict[int, list[str]] = {rank: [symbol, symbol.lower()] for rank, symbol in enumerate(RANK_SYMBOLS)}
SPELLINGS[TEN] = ["T", "t", "10"]
SPELLINGS[SMALL_JOKER] = ["B", "b", "小王", "小花", "小虎", "小鬼"]
SPELLINGS[BIG_JOKER] = ["R", "r", "大王", "大花", "大虎", "大鬼"]

#: Terminal names of both grammars; none may leak into a message people read.
RAW_TERMINALS = re.compile(
    r"__ANON|\$END|\b(RANK|TEN|SMALL_JOKER|BIG_JOKER|BY|ON|TWO|ANY|RANK_WORD|CARDS|DECKS|OF|ADJUST|RATIO|COUNT|"
    r"TRIBUTE_KIND|COMMA|PLUS|MORETHAN|WS|BOUND|NOBODY|LEGACY_ORDER|SOURCE|GIFT|ARROW|CONSEQUENCE|NO|WITH|OR|"
    r"JOKER_WORD)\b"
)

counts = st.lists(st.integers(0, 5), min_size=N_RANKS, max_size=N_RANKS).map(tuple)
hands = counts.filter(any).map(Cards)
spaces = st.sampled_from(["", "", " ", "  ", "\t", " \t "])


def assert_readable(error: NotationError) -> None:
    assert not RAW_TERMINALS.search(error.message), error.message
    assert "expected" in error.message or "found" in error.message


@given(hands)
def test_printed_form_parses_back_equal(cards: Cards) -> None:
    assert Cards.parse(str(cards)) == cards


@given(hands)
def test_canonical_form_is_stable(cards: Cards) -> None:
    printed = str(cards)
    assert str(Cards.parse(printed)) == printed
    # lowest rank first, no spaces, one symbol per card
    assert " " not in printed and len(printed) == len(cards)
    assert [RANK_SYMBOLS.index(ch) for ch in printed] == sorted(RANK_SYMBOLS.index(ch) for ch in printed)


@given(hands, st.data())
def test_any_spelling_order_and_spacing_parses_to_the_same_multiset(cards: Cards, data: st.DataObject) -> None:
    ranks = [rank for rank in range(N_RANKS) for _ in range(cards[rank])]
    order = data.draw(st.permutations(ranks))
    words = [data.draw(st.sampled_from(SPELLINGS[rank])) for rank in order]
    text = data.draw(spaces)
    for word in words:
        text += word + data.draw(spaces)
    parsed = Cards.parse(text)
    assert parsed == cards
    assert str(parsed) == str(cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8 8 B 8", "888B"),
        ("B888", "888B"),
        ("10 10 10 10 10", "TTTTT"),
        ("tttTT", "TTTTT"),
        ("2kk", "KK2"),
        ("小王 大王", "BR"),
        ("大花小虎大鬼小鬼", "BBRR"),
        ("a 2 A", "AA2"),
    ],
)
def test_examples_from_the_notation_guide(text: str, expected: str) -> None:
    assert str(Cards.parse(text)) == expected


def test_counts_and_describe() -> None:
    cards = Cards.parse("8 8 8 小王")
    assert len(cards) == 4 and cards[SMALL_JOKER] == 1
    assert cards.describe("zh") == "3×8 + 小王"
    assert cards.describe() == "3×8 + small joker"


@pytest.mark.parametrize(
    ("text", "column", "found"),
    [
        ("X", 1, "'X'"),
        ("88x", 3, "'x'"),
        ("8 8 Z 8", 5, "'Z'"),
        ("KK1", 3, "'1'"),  # a lone 1 is not "10"
        ("0", 1, "'0'"),
        ("QQ, KK", 3, "','"),
        ("小王王", 3, "'王'"),  # column counts characters, not bytes
        ("大王 小丑", 4, "'小'"),
    ],
)
def test_bad_character_is_located_and_explained(text: str, column: int, found: str) -> None:
    with pytest.raises(NotationError) as caught:
        Cards.parse(text)
    error = caught.value
    assert error.column == column
    assert error.text == text
    assert found in error.message
    assert_readable(error)
    # the expectations are spelled out in words
    assert "a rank (3-9, T or 10, J, Q, K, A, 2)" in error.message
    assert "小王 (B)" in error.message and "大王 (R)" in error.message
    # the rendering puts a caret under the column (CJK characters are two cells wide)
    lines = error.render("").split("\n")
    assert lines[0].startswith(f"column {column}: ")
    assert lines[1] == text
    before = text[: column - 1]
    width = sum(2 if ord(ch) > 0x2E7F else 1 for ch in before)
    assert lines[2] == " " * width + "^"


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Cards.parse(text)
    error = caught.value
    assert error.column == len(text) + 1
    assert "nothing" in error.message
    assert_readable(error)


@given(st.text(alphabet="3456789TJQKA2BR10xz小王大花 ,+-", max_size=12))
def test_any_text_parses_or_fails_with_a_readable_located_error(text: str) -> None:
    try:
        cards = Cards.parse(text)
    except NotationError as error:
        assert 1 <= error.column <= len(text) + 1
        assert_readable(error)
    else:
        assert len(cards) >= 1
        assert Cards.parse(str(cards)) == cards


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Cards.parse("?")


def test_the_named_rank_indices_are_those_of_the_rank_symbols() -> None:
    """ruleset/cards.py spells them as literals (the compiled core inlines them): they must match RANK_SYMBOLS."""
    from gouji_variants.ruleset import cards

    named = {"THREE": "3", "FOUR": "4", "FIVE": "5", "TEN": "T", "ACE": "A", "TWO": "2", "SMALL_JOKER": "B",
             "BIG_JOKER": "R", "TOP_JOKER": "W"}
    assert {name: RANK_SYMBOLS[getattr(cards, name)] for name in named} == named
    assert N_RANKS == len(RANK_SYMBOLS) and cards.JOKERS == (SMALL_JOKER, BIG_JOKER, cards.TOP_JOKER)
