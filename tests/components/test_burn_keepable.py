"""components.burning.keepable: can the hand left after a burning play still keep the burn's condition?
gouji play asks before a burn that cannot (issue 10)."""

from __future__ import annotations

import dataclasses

import pytest

from gouji_variants.components.burning import keepable
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset

DAGANG = load_ruleset("dagang").rules.burning
EVERY_PLAY = dataclasses.replace(DAGANG, conditions=("joker-every-play",), last_play_exempt=True)


@pytest.mark.parametrize(("left", "ok"), [
    ("", True),  # ran out with the burning play
    ("BR", True),  # jokers only: each play carries one
    ("57B", True),  # 5B, then 7 as the exempt last play
    ("579B", False),  # three ranks need two jokers
    ("579BR", True),
    ("KKKK", True),  # one play, the last
    ("3KK", False),  # two plays, no joker
    ("22A", False),  # 2s are a rank of their own
])
def test_joker_every_play_with_the_last_exempt(left: str, ok: bool) -> None:
    counts = Cards.parse(left).counts if left else Cards.EMPTY.counts
    assert keepable(EVERY_PLAY, counts) is ok


def test_without_the_exemption_the_last_play_needs_a_joker_too() -> None:
    strict = dataclasses.replace(EVERY_PLAY, last_play_exempt=False)
    assert not keepable(strict, Cards.parse("57B").counts) and keepable(strict, Cards.parse("57BR").counts)
    assert not keepable(strict, Cards.parse("KKKK").counts) and keepable(strict, Cards.parse("BR").counts)


def test_one_rank_left() -> None:
    one_rank = dataclasses.replace(DAGANG, conditions=("one-rank-left",))
    assert keepable(one_rank, Cards.parse("KKKK").counts) and not keepable(one_rank, Cards.parse("KKB").counts)
    both = dataclasses.replace(DAGANG, conditions=("joker-every-play", "one-rank-left"), last_play_exempt=False)
    assert keepable(both, Cards.parse("KKKK").counts) and not keepable(both, Cards.parse("5KK").counts)
