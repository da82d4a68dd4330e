"""Dealing constraints (deck.each_hand), what a missing or misplayed card costs (penalties.forfeits)
and who eats 憋王贡 (tribute.biewang_to, tribute.biewang_cards): issue 11, items 2, 3, 4 and 7.

Seed lines: 003 = 单张三 003:51, 开点冲四 003:53, 单张四 003:54; 001:46 济宁; 002:22 后水湾;
001:49-50 菏泽 憋王.
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_helpers import deal, play, run_out, variant

from gouji_variants.components import deck
from gouji_variants.engine import Game
from gouji_variants.ruleset.cards import FOUR, THREE, TWO, Cards
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.expressions import DeckRecipe, Forfeit, HandRule, TributeOrder, parse
from gouji_variants.ruleset.model import Ruleset

SINGLE_THREES = parse(DeckRecipe, "4 decks, only 6 of 3, only 6 of 4, remove 4 of 5")
ONE_EACH = parse(HandRule, "exactly 1 of 3, exactly 1 of 4")


def forfeits(*texts: str) -> tuple[Forfeit, ...]:
    return tuple(parse(Forfeit, text) for text in texts)


# -- deck.each_hand ------------------------------------------------------------------------------


def test_each_hand_deals_exactly_one_three_and_one_four_to_every_seat(dagang: Ruleset) -> None:
    """003:51 只有六张3，每人一张3; 003:54 每人一张4; 001:46 每人只有一个3和一个4: on every seed each hand holds
    exactly one 3 and one 4; dealt at random, many seeds leave some hand without one."""
    constrained = variant(dagang, deck={"recipe": SINGLE_THREES, "each_hand": ONE_EACH})
    plain = variant(dagang, deck={"recipe": SINGLE_THREES})
    uneven = 0
    for seed in range(60):
        hands = [Game(constrained, seed).deals[0][seat] for seat in range(6)]
        assert all(hand[THREE] == 1 and hand[FOUR] == 1 and len(hand) == 32 for hand in hands)
        uneven += any(hand[THREE] != 1 for hand in Game(plain, seed).deals[0])
    assert uneven > 50


def test_each_hand_is_deterministic_from_the_seed_and_leaves_a_plain_deal_unchanged(dagang: Ruleset) -> None:
    """The same seed gives the same deal; without the rule the deal is what it always was (records replay)."""
    first, again = (deck.deal(SINGLE_THREES, random.Random(7), ONE_EACH) for _ in range(2))
    assert first == again
    assert deck.deal(SINGLE_THREES, random.Random(7)) == deck.deal(SINGLE_THREES, random.Random(7), None)
    assert deck.deal(SINGLE_THREES, random.Random(7)) != first


def test_each_hand_leaves_the_rest_of_the_deal_random() -> None:
    """The cards the rule does not name are dealt as at random: seat 0's 2s average 16/6 and vary; 'at least'
    gives every seat its minimum and deals the other copies at random too."""
    twos = [deck.deal(SINGLE_THREES, random.Random(seed), ONE_EACH)[0][0][TWO] for seed in range(400)]
    assert abs(statistics.mean(twos) - 16 / 6) < 0.25 and len(set(twos)) >= 5
    at_least = parse(HandRule, "at least 2 of 2")
    dealt = [deck.deal(parse(DeckRecipe, "4 decks"), random.Random(seed), at_least)[0] for seed in range(200)]
    assert all(hand[TWO] >= 2 for hands in dealt for hand in hands)
    assert {hands[0][TWO] for hands in dealt} > {2, 3}


def write(tmp_path: Path, **sections: Any) -> Path:
    data = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House"}, "extends": ["dagang"], **sections}
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("sections", "message"), [
    ({"deck": {"each_hand": "exactly 1 of 3"}}, "needs exactly 6 cards of 3 for 6 hands, but the recipe has 16"),
    ({"deck": {"recipe": "4 decks, only 6 of 3", "each_hand": "at least 2 of 3"}}, None),
    ({"penalties": {"forfeits": ["no 4 -> 不开点"]}}, "gives 开点 up, but 打点 is off"),
])
def test_impossible_rules_are_located_errors(tmp_path: Path, sections: dict[str, Any], message: str | None) -> None:
    """An each_hand the recipe cannot deal, or a forfeit of 开点 without 打点, is reported at its line."""
    with pytest.raises(RulesetError) as caught:
        compile_path(write(tmp_path, **sections))
    text = str(caught.value)
    assert "house.yaml:" in text
    assert message is None or message in text


def test_six_decks_with_exactly_one_three_each_is_a_short_ruleset(tmp_path: Path) -> None:
    """A table rule beyond the sources: six decks with exactly one 3 in each hand."""
    ruleset = compile_path(write(tmp_path, deck={"recipe": "6 decks, only 6 of 3", "each_hand": "exactly 1 of 3"}))
    assert all(hand[THREE] == 1 for hand in Game(ruleset, 3).deals[0])


def test_old_buy_from_names_keep_their_fingerprint(tmp_path: Path, dagang: Ruleset) -> None:
    """bie3.buy_from written as before loads with the same meaning and fingerprint as its spelled-out order."""
    named = compile_path(write(tmp_path, bie3={"buy_from": "whoever-has-extra"}))
    spelled = compile_path(write(tmp_path, bie3={"buy_from": "对门 > 联邦 > 上下家"}))
    assert named.fingerprint == spelled.fingerprint and named.rules == spelled.rules
    assert compile_path(write(tmp_path, bie3={"buy_from": "对门 > 上下家"})).fingerprint == dagang.fingerprint


# -- penalties.forfeits --------------------------------------------------------------------------


def test_no_three_after_buying_ranks_the_seat_dalu_at_once(dagang: Ruleset) -> None:
    """002:22 每位玩家应该确定自己有一张三 … 否则视为大落: seat 0 has no 3 and nobody can sell one."""
    hands = ("45", "34", "34", "34", "34", "34")
    ruled = deal(variant(dagang, penalties={"forfeits": forfeits("no 3 -> 大落")}), *hands)
    assert ruled.in_play[0] is False and ruled.turn == 1 and ruled.stats["forfeits"] == 1
    assert deal(dagang, *hands).turn == 0


def dadian_forfeits(dagang: Ruleset, *texts: str) -> Ruleset:
    return variant(dagang, kaidian={"enabled": True, "yudian": None, "mingdian": None},
                   penalties={"forfeits": forfeits(*texts)})


def test_no_four_gives_kaidian_up_before_the_first_play(dagang: Ruleset) -> None:
    """002:22 (一张四) 否则 … 不开点; 003:53 没有4 … 视同于主动放弃开点: the 够级 play that lives does not open."""
    for texts, opened in (((), True), (("no 4 -> 不开点",), False)):
        game = deal(dadian_forfeits(dagang, *texts), "KK5", "4", "4", "4", "4", "4")
        game.apply(play("KK"))  # nobody can answer: it lives
        assert game.opened[0] is opened


@pytest.mark.parametrize("texts", [(), ("4 with 2 or joker -> 不开点",)])
def test_a_four_with_a_two_after_opening_gives_kaidian_up(dagang: Ruleset, texts: tuple[str, ...]) -> None:
    """003:53 开点冲四 … 4与带2、黑鬼、红鬼一同打出时，视同于主动放弃开点 — after opening as well (issue 11 item 4)."""
    game = deal(dadian_forfeits(dagang, *texts), "KK42", "5", "5", "5", "5", "5")
    game.apply(play("KK"))
    assert game.opened[0] is True
    game.apply(play("42"))
    assert game.opened[0] is not bool(texts)


def test_a_forfeit_of_dalu_on_a_play_ranks_the_seat_from_the_bottom(dagang: Ruleset) -> None:
    """A house rule of the same kind: '4 with R -> 大落' ranks the seat at once; nobody beats the dead 大王
    play, so its 下家 leads (接风)."""
    game = deal(variant(dagang, penalties={"forfeits": forfeits("4 with R -> 大落")}), "4R6", "5", "5", "5", "5", "5")
    game.apply(play("4R"))
    assert game.in_play[0] is False and game.turn == 1 and game.table == Cards.parse("4R")
    plain = deal(dagang, "4R6", "5", "5", "5", "5", "5")
    plain.apply(play("4R"))
    assert plain.in_play[0] is True


# -- tribute.biewang_to, tribute.biewang_cards ---------------------------------------------------


@pytest.mark.parametrize(("biewang", "due"), [
    ({}, (0, 3, 2)),
    ({"biewang_to": "touke"}, (0, 1, 2)),
    ({"biewang_cards": 1}, (0, 3, 1)),
])
def test_biewang_receiver_and_count(dagang: Ruleset, biewang: dict[str, Any], due: tuple[int, int, int]) -> None:
    """001:49-50 憋王有贡可吃: a seat ranked while holding jokers pays its 对头 (or 头科) one card per joker
    (or a set number)."""
    ruleset = variant(dagang, bie3={"enabled": True, "jokers_last_is_dalu": True},
                      tribute={"order": TributeOrder(("luo", "biewang")), **biewang})
    game = deal(ruleset, "5BR3", "3", "3", "3", "3", "3")
    game.apply(play("5"))  # left with jokers and a 3: 大小王不出手, ranked 大落 holding two jokers
    game = run_out(game)
    owed = [(d.payer, d.receiver, d.count) for d in game.next_dues() if d.kind == "biewang"]
    assert owed == [due] and game.places is not None and game.places.index(0) == 1



def test_a_complete_ruleset_of_the_older_format_loads_the_same(tmp_path: Path, dagang: Ruleset) -> None:
    """A self-contained file written before these keys existed (no extends, every other rule given) takes
    their neutral values: same rules, same fingerprint."""
    data = dagang.resolved()
    del data["deck"]["each_hand"], data["penalties"]["forfeits"]
    del data["tribute"]["biewang_to"], data["tribute"]["biewang_cards"]
    path = tmp_path / "old.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    old = compile_path(path)
    assert old.rules == dagang.rules and old.fingerprint == dagang.fingerprint
