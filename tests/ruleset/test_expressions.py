"""Rule expressions: typed values round-trip through their canonical text; errors are located."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies.expressions import deck_recipes

from gouji_variants.ruleset import expressions, schema
from gouji_variants.ruleset.cards import (
    BIG_JOKER,
    JOKERS,
    N_RANKS,
    RANK_SYMBOLS,
    SMALL_JOKER,
    TEN,
    THREE,
    TOP_JOKER,
    TWO,
    Cards,
)
from gouji_variants.ruleset.expressions import (
    ANY_JOKER,
    COVERING,
    HIGHER,
    RELATIVE,
    TRIBUTE_KINDS,
    DeckRecipe,
    KillRule,
    Thresholds,
    TributeOrder,
    parse,
)
from gouji_variants.ruleset.grammar import NotationError

RAW_TERMINALS = re.compile(
    r"__ANON|\$END|\b(RANK|TEN|SMALL_JOKER|BIG_JOKER|BY|ON|TWO|ANY|RANK_WORD|CARDS|DECKS|OF|ADJUST|RATIO|COUNT|"
    r"TRIBUTE_KIND|COMMA|PLUS|MORETHAN|WS)\b"
)
KINDS = (Thresholds, KillRule, TributeOrder, DeckRecipe)


# ── strategies: valid typed values ─────────────────────────────────────────


@st.composite
def thresholds(draw: st.DrawFn) -> Thresholds:
    ranks = draw(st.lists(st.integers(0, N_RANKS - 1), min_size=1, max_size=8, unique=True))
    ranks.sort(reverse=True)
    counts = sorted(draw(st.lists(st.integers(1, 8), min_size=len(ranks), max_size=len(ranks))))
    return Thresholds(tuple(zip(ranks, counts, strict=True)))


@st.composite
def kill_rules(draw: st.DrawFn) -> KillRule:
    """Every form: any joker or 'joker' as target; a joker, a set of jokers, 'jokers', 2s, equal or higher
    or higher jokers as killer; where; a surplus fixed or for each joker covered."""
    killer = draw(st.sampled_from((*JOKERS, ANY_JOKER, TWO, *RELATIVE)))
    where = draw(st.sampled_from(("", "on 2", "on single 2", "alone")))
    more = tuple(draw(st.lists(st.sampled_from([j for j in JOKERS if j != killer]), unique=True, max_size=2))) \
        if killer in JOKERS else ()
    extra = draw(st.integers(0, 30))
    return KillRule(draw(st.sampled_from((*JOKERS, ANY_JOKER))), killer, draw(st.integers(1, 9)), extra,
                    on_two=where.startswith("on"), any_rank=draw(st.booleans()),
                    single_two=where == "on single 2", alone=where == "alone",
                    in_all=killer not in RELATIVE and draw(st.booleans()), more=more,
                    each=extra > 0 and draw(st.booleans()))

tribute_orders = st.lists(st.sampled_from(sorted(TRIBUTE_KINDS)), min_size=1, unique=True).map(
    lambda kinds: TributeOrder(tuple(kinds))
)


VALUES = {Thresholds: thresholds(), KillRule: kill_rules(), TributeOrder: tribute_orders, DeckRecipe: deck_recipes()}


# ── round trips ────────────────────────────────────────────────────────────


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
@given(data=st.data())
def test_printed_value_parses_back_equal(kind: type, data: st.DataObject) -> None:
    value = data.draw(VALUES[kind])
    text = str(value)
    assert parse(kind, text) == value
    # canonical: printing the parsed value gives the same text again
    assert str(parse(kind, text)) == text


@given(thresholds(), st.sampled_from(["", " ", "  "]), st.booleans())
def test_thresholds_accept_other_spellings(value: Thresholds, gap: str, ten_as_digits: bool) -> None:
    groups = []
    for rank, count in value.minimum:
        symbol = "10" if rank == TEN and ten_as_digits else RANK_SYMBOLS[rank].lower()
        groups.append(gap.join([symbol] * count))
    assert parse(Thresholds, (gap + "," + gap).join(groups)) == value


@given(kill_rules())
def test_kill_rules_accept_any_case_and_plural(value: KillRule) -> None:
    text = str(value).upper().replace("CARD", "cards" if value.extra == 1 else "card")
    assert parse(KillRule, text) == value


@given(tribute_orders, st.data())
def test_tribute_order_accepts_pinyin_and_synonyms(value: TributeOrder, data: st.DataObject) -> None:
    spellings = {"dian": ["点", "dian", "DIAN"], "men": ["闷", "掐", "men"], "shao": ["烧", "shao"],
                 "luo": ["落", "拉", "luo"], "qing": ["清", "qing"], "biewang": ["憋王", "biewang"]}
    words = [data.draw(st.sampled_from(spellings[kind])) for kind in value.kinds]
    assert parse(TributeOrder, ">".join(words)) == value


# ── deck totals from the sources ───────────────────────────────────────────


@pytest.mark.parametrize(
    ("text", "total", "jokers"),
    [
        ("4 decks", 216, 8),  # 大纲 第二条: 4 decks, 36 each
        ("4 decks, only 6 of 3, remove 2 of 4", 204, 8),  # 单张三 (003)
        ("4 decks, only 6 of 3, only 6 of 4, remove 4 of 5", 192, 8),  # 单张四 (003)
        ("6 decks, only 6 of 3, only 6 of 4", 288, 12),  # 后水湾 (002)
        ("4 decks, add 12 of R, add 12 of B", 240, 32),  # 三十二张鬼 (003:56)
    ],
)
def test_deck_totals(text: str, total: int, jokers: int) -> None:
    cards = parse(DeckRecipe, text).cards()
    assert len(cards) == total
    assert total % 6 == 0
    assert cards[SMALL_JOKER] + cards[BIG_JOKER] == jokers


def test_single_three_deck_has_one_three_per_player() -> None:
    cards = parse(DeckRecipe, "4 decks, only 6 of 3, remove 2 of 4").cards()
    assert cards[THREE] == 6 and cards[THREE + 1] == 14
    assert cards == Cards((6, 14) + (16,) * 11 + (4, 4, 0))


def test_thirty_two_jokers_split_evenly() -> None:
    cards = parse(DeckRecipe, "4 decks, add 12 of R, add 12 of B").cards()
    assert cards[BIG_JOKER] == cards[SMALL_JOKER] == 16


def test_deck_recipe_spellings() -> None:
    assert parse(DeckRecipe, "1 deck") == DeckRecipe(1)
    expected = DeckRecipe(4, (("only", 6, TEN), ("remove", 2, 1)))
    assert parse(DeckRecipe, "4 DECKS, Only 6 of 10, remove 2 of 4") == expected
    assert str(parse(DeckRecipe, "4 decks,only 6 of 10,remove 2 of 4")) == "4 decks, only 6 of T, remove 2 of 4"


# ── meaning of parsed values ───────────────────────────────────────────────


def test_standard_thresholds_meaning() -> None:
    value = parse(Thresholds, "R, B, 2, AA, KK, QQQ, JJJJ, TTTTT")
    rank = RANK_SYMBOLS.index
    assert value.is_gouji(rank("A"), 2) and not value.is_gouji(rank("A"), 1)
    assert value.is_gouji(rank("Q"), 3) and not value.is_gouji(rank("J"), 3)
    assert value.is_gouji(rank("T"), 5) and not value.is_gouji(rank("9"), 8)
    assert value.is_gouji(rank("2"), 1) and value.is_gouji(BIG_JOKER, 1)


def test_kill_rule_fields() -> None:
    assert parse(KillRule, "R by 2R, +1 card") == KillRule(BIG_JOKER, BIG_JOKER, ratio=2, extra=1)
    assert parse(KillRule, "B on 2 by B") == KillRule(SMALL_JOKER, SMALL_JOKER, on_two=True)
    assert parse(KillRule, "R by 3B, any rank") == KillRule(BIG_JOKER, SMALL_JOKER, ratio=3, any_rank=True)
    # "+0 cards" adds nothing and prints away
    assert str(parse(KillRule, "R by 2R, +0 cards")) == "R by 2R"
    # issue 11: the forms beyond "X by NY"
    assert parse(KillRule, "R alone by 2R, +1 card") == KillRule(BIG_JOKER, BIG_JOKER, 2, 1, alone=True)
    assert parse(KillRule, "B on single 2 by B") == KillRule(SMALL_JOKER, SMALL_JOKER, on_two=True, single_two=True)
    assert parse(KillRule, "R by 2 jokers, +1 card") == KillRule(BIG_JOKER, ANY_JOKER, 2, 1)
    assert parse(KillRule, "R by 3 twos, +2 cards") == KillRule(BIG_JOKER, TWO, 3, 2)
    assert parse(KillRule, "joker by equal or higher jokers") == KillRule(ANY_JOKER, COVERING)
    assert parse(KillRule, "王中王 alone by 2W") == KillRule(TOP_JOKER, TOP_JOKER, 2, alone=True)
    assert parse(KillRule, "R by 2R in all, +1 card") == KillRule(BIG_JOKER, BIG_JOKER, 2, 1, in_all=True)


def test_schema_examples_of_expressions_are_canonical() -> None:
    """The completions an editor offers parse, and print back as written."""
    for kind, (_, example) in schema.EXPRESSIONS.items():
        for text in (example, *schema.MORE_EXAMPLES.get(kind, ())):
            assert str(parse(kind, text)) == text


# ── errors ─────────────────────────────────────────────────────────────────


def located(kind: type, text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse(kind, text)
    error = caught.value
    assert error.text == text
    assert 1 <= error.column <= len(text) + 1
    assert not RAW_TERMINALS.search(error.message), error.message
    return error


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("R, B, 2, AAA, KK", 15, "monotone"),  # KK needs fewer cards than AAA
        ("R, B, 2, AA, KK, Q, JJJJ", 18, "monotone"),
        ("KK, AA", 5, "highest rank down"),
        ("AA, AA", 5, "twice"),
        ("AA, KQ", 5, "one rank"),
    ],
)
def test_bad_thresholds(text: str, column: int, words: str) -> None:
    error = located(Thresholds, text)
    assert error.column == column
    assert words in error.message


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("4 decks, add 1 of R", 1, "217 cards, which do not divide evenly among 6 players (1 left over)"),
        ("4 decks, only 6 of 3", 1, "206 cards"),
        ("4 decks, remove 17 of 3", 10, "cannot remove 17 of 3: only 16 left"),
        ("4 decks, only 6 of 3, remove 7 of 3", 23, "only 6 left"),
        ("4 decks, add 1 of R, remove 6 of R", 22, "only 5 left"),
        ("0 decks", 1, "1 to 8 decks, not 0"),
        ("9 decks", 1, "1 to 8 decks, not 9"),
        ("1000000000 decks", 1, "more than a deal's 432 cards"),
        ("4 decks, add 12345678901234567890 of 3", 14, "123456789012… is more than"),
        ("8 decks, add 6 of 3", 1, "438 cards; a deal holds at most 432"),
        ("1 deck, " + ", ".join(f"only 0 of {r}" for r in "3456789TJQKA2RB"), 1, "makes no cards"),
        ("1 deck, " + ", ".join(f"only 0 of {r}" for r in "3456789TJQKA2") + ", only 2 of R, only 4 of B", 1,
         "only jokers, but the first player is found by drawing a card that is not a joker"),
        ("1 deck, only 0 of 5", 1, "makes 40 cards from 5 to 2; a deal needs at least 44"),
    ],
)
def test_bad_deck_recipes(text: str, column: int, words: str) -> None:
    error = located(DeckRecipe, text)
    assert error.column == column
    assert words in error.message


@pytest.mark.parametrize(
    ("text", "column"),
    [("点 > 落 > 点", 9), ("掐 > 闷", 5), ("dian > 烧 > DIAN", 12), ("落 > 拉", 5)],
)
def test_duplicate_tribute_kind_is_located_at_the_repeat(text: str, column: int) -> None:
    error = located(TributeOrder, text)
    assert error.column == column
    assert "appears twice" in error.message


@pytest.mark.parametrize(
    ("kind", "text", "column", "expects"),
    [
        (KillRule, "A by R", 1, "小王 (B) or 王中王 (W)"),
        (KillRule, "R by 0R", 6, "a multiplier 1-9"),
        (KillRule, "R by", 5, "the end of the text"),
        (KillRule, "R by 2R, +", 11, "a number"),
        (KillRule, "R by 2R, +1", 12, "the word 'card' or 'cards'"),
        (KillRule, "R bye R", 5, ""),
        (TributeOrder, "点 > 贡", 5, "a tribute kind"),
        (TributeOrder, "点 >", 4, "a tribute kind"),
        (DeckRecipe, "four decks", 1, "a number"),
        (DeckRecipe, "4 decks, take 2 of 3", 10, "'only', 'remove' or 'add'"),
        (DeckRecipe, "4 decks, only 6 of 1", 20, ""),
        (Thresholds, "", 1, "a rank"),
        (Thresholds, "R; B", 2, "','"),
    ],
)
def test_syntax_errors_are_located_and_readable(kind: type, text: str, column: int, expects: str) -> None:
    error = located(kind, text)
    assert error.column == column
    assert expects in error.message
    assert "expected" in error.message or "found" in error.message


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_empty_expression_is_an_error(kind: type) -> None:
    error = located(kind, "")
    assert error.column == 1
    assert "nothing" in error.message


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
@given(text=st.lists(st.sampled_from(list("RB2AKQT1034589 ,+>点落闷") + ["by", "on", "any rank", "card", "decks",
                                                                       "of", "only", "remove", "add"]),
                     max_size=10).map("".join))
def test_any_text_parses_or_fails_readably(kind: type, text: str) -> None:
    try:
        value = parse(kind, text)
    except NotationError as error:
        assert 1 <= error.column <= len(text) + 1
        assert not RAW_TERMINALS.search(error.message), error.message
    else:
        assert parse(kind, str(value)) == value


def test_values_validate_themselves() -> None:
    with pytest.raises(ValueError):
        KillRule(SMALL_JOKER, 5)
    with pytest.raises(ValueError):
        KillRule(SMALL_JOKER, BIG_JOKER, ratio=10)
    for bad in (dict(killer=HIGHER, in_all=True), dict(killer=COVERING, in_all=True),
                dict(killer=BIG_JOKER, more=(BIG_JOKER,)), dict(killer=TWO, more=(BIG_JOKER,)),
                dict(killer=BIG_JOKER, each=True),
                dict(killer=BIG_JOKER, single_two=True), dict(killer=BIG_JOKER, on_two=True, alone=True)):
        with pytest.raises(ValueError):
            KillRule(BIG_JOKER, **bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        KillRule(TWO, BIG_JOKER)  # 2s kill, they are not kill targets
    with pytest.raises(ValueError):
        TributeOrder(("luo", "luo"))
    with pytest.raises(ValueError):
        TributeOrder(("gift",))
    assert expressions.PLAYERS == 6
