"""The heuristic's tactics (:mod:`gouji_variants.agents.tactics`): each changes a decision in a
constructed position, against the same position where it does not apply."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal, variant

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.reading import read
from gouji_variants.agents.tactics import EARLY, RUNNER, STOPPERS_KEPT, fills_with_twos, stifles
from gouji_variants.engine import PASS, Game, Play
from gouji_variants.ruleset.cards import JOKERS
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset


@pytest.fixture(scope="module")
def dadian() -> Ruleset:
    return load_ruleset("dadian")


def advised(game: Game) -> tuple[object, str]:
    advice = HeuristicAgent().advise(game.view(), random.Random(0))
    return advice.action, advice.reason.en


def spends_jokers(action: object) -> bool:
    return isinstance(action, Play) and any(action.cards.counts[joker] for joker in JOKERS)


def test_it_stops_its_duitou_opening_where_the_rules_make_opening_hard(dadian: Ruleset) -> None:
    # the 对头's KK would open; only pure plays opening is a hurdle, so stopping it may win a 点贡
    hands = ("KK5", "6", "7", "AA9", "8", "T")
    for ruleset, stops in ((variant(dadian, kaidian={"opens_with": ("pure",)}), True), (dadian, False)):
        game = deal(ruleset, *hands)
        game.apply(Play("KK"))
        assert game.turn == 3 and game.decision == "answer"
        action, reason = advised(game)
        assert (action == Play("AA")) is stops and "开点" in reason, action


def test_it_beats_a_runner_at_any_price(dagang: Ruleset) -> None:
    # seat 1 keeps its only joker unless seat 0, an opponent, is down to RUNNER cards or fewer
    for lead_hand, stops in (("Q" + "5" * RUNNER, True), ("Q" + "5" * (RUNNER + 1), False)):
        game = deal(dagang, lead_hand, "B334455667788", "6", "7", "8", "T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        action, _ = advised(game)
        assert spends_jokers(action) is stops, (lead_hand, action)


def test_it_lets_its_duitou_open_once_the_duitou_has_played_more_than_a_few_cards(dadian: Ruleset) -> None:
    # the same KK, led by seat 0 first, or once it has led 555 and 666 (nobody beating them): past EARLY cards
    ruleset = variant(dadian, kaidian={"opens_with": ("pure",)})
    for leads, stops in (((), True), (("555", "666"), False)):
        game = deal(ruleset, "555666KK9", "7", "7", "AA9", "8", "T")
        for lead in leads:
            game.apply(Play(lead))
            while game.turn != 0 or game.decision != "lead":
                game.apply(PASS)
        game.apply(Play("KK"))
        assert game.turn == 3 and game.decision == "answer"
        assert (len(game.view().observation.played[0]) <= EARLY) is stops
        action, reason = advised(game)
        assert (action == Play("AA")) is stops and "开点" in reason, (leads, action)


def test_it_keeps_a_play_that_would_open_it_for_where_it_opens(dadian: Ruleset) -> None:
    # seat 3 answers its 对头's KK (which it stops): with AA where AA on KK would open seat 3 too, with 22 where a
    # 够级 play on a 够级 play does not open (济宁), keeping AA to open with
    for answering, answer in (("any", "AA"), ("not-on-gouji", "22")):
        ruleset = variant(dadian, kaidian={"opens_with": ("pure",), "answering": answering})
        game = deal(ruleset, "KK5", "6", "7", "AA2259", "8", "T")
        game.apply(Play("KK"))
        assert game.turn == 3 and game.decision == "answer"
        action, _ = advised(game)
        assert action == Play(answer), (answering, action)


def test_it_keeps_its_2s_for_gouji_plays_until_its_hand_is_small(dagang: Ruleset) -> None:
    # only KK2 (its Ks filled out with its 2) beats seat 0's plain 777: seat 1 keeps the 2 while that would leave
    # it more than 10 cards, unless seat 0 is down to RUNNER cards or fewer; it spends it once 10 or fewer are left
    big, small = "KK2333444555666", "KK2444555"
    for lead_hand, hand, beats in (("777" + "5" * 10, big, False), ("777" + "5" * RUNNER, big, True),
                                   ("777" + "5" * 10, small, True)):
        game = deal(dagang, lead_hand, hand, "4", "4", "4", "4")
        game.apply(Play("777"))
        assert game.turn == 1 and game.decision == "follow"
        action, reason = advised(game)
        assert (action == Play("KK2")) is beats, (lead_hand, hand, action)
        assert beats or "2s wait for 够级 plays" in reason or "yields" in reason, reason
        assert fills_with_twos(Play("KK2").cards.counts) and not fills_with_twos(Play("KKK").cards.counts)


def test_it_stifles_an_opponent_left_with_its_3s_at_the_price_of_its_last_2() -> None:
    # under 憋3 seat 0 leads Q: left with its 3 alone it is stifled (闷) if seat 1 beats with its 2, seat 1's last
    # 2, which it otherwise keeps for its own play before its 3 (it passes); the five 3s seat 1 cannot see, shared
    # among the five other seats, come to one a seat, so two cards left to seat 0 are more than its 3s
    bie3 = load_ruleset("bie3")
    for lead_hand, stifled in (("Q3", True), ("Q35", False)):
        game = deal(bie3, lead_hand, "2553", "36", "37", "38", "3T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        assert stifles(read(game.view()), 0) is stifled
        action, reason = advised(game)
        assert (action == Play("2")) is stifled, (lead_hand, action)
        if stifled:
            assert "stifle (闷)" in reason
            game.apply(action)
            assert not game.state.in_play[0] and game.stats["men"] == 1


def test_under_bie3_it_keeps_two_stoppers_while_its_hand_is_long() -> None:
    # seat 1 beats seat 0's Q with its 2 (keeping its 大王 for the play before its 3) only when few ranks are left:
    # with 3, 5 and 6 left it keeps the 2 and the 大王 both (STOPPERS_KEPT), and passes
    assert STOPPERS_KEPT == 2
    for hand, beats in (("2B355", True), ("2B35566", False)):
        game = deal(load_ruleset("bie3"), "Q9999999999", hand, "36", "37", "38", "3T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        action, _ = advised(game)
        assert (action == Play("2")) is beats, (hand, action)


def test_under_bie3_it_keeps_two_stoppers_while_it_seeks_kaidian_where_they_cannot_open() -> None:
    # the position above with 开点 sought (打点): where only pure plays open (济宁), seat 1's 2 and 大王 open
    # nothing, so it keeps them both while its hand is long and passes; where 2s and jokers open, it spends the 2
    bie3 = load_ruleset("bie3")
    for opens_with, beats in ((("pure",), False), (("pure", "twos", "small-joker", "big-joker"), True)):
        game = deal(variant(bie3, kaidian={"enabled": True, "opens_with": opens_with}), "Q9999999999", "2B35566",
                    "36", "37", "38", "3T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        assert read(game.view()).seeking
        action, _ = advised(game)
        assert (action == Play("2")) is beats, (opens_with, action)


def test_under_bie3_without_stoppers_it_keeps_its_hardest_group_for_the_play_before_its_3s() -> None:
    # seat 0 holds a 3, a 9 and four 6s: the plan leads the large low group first, which would leave the lone 9 as
    # the play before its 3, easily beaten (闷); with no 2 or joker left it leads the 9 and keeps the 6666
    # (tactics.cover). With a 2 in hand (a stopper for that play) it leads as the plan says.
    bie3 = load_ruleset("bie3")
    for hand, led in (("396666", "9"), ("3966662", "6666")):
        game = deal(bie3, hand, "3TT", "36", "37", "38", "3T")
        assert game.turn == 0 and game.decision == "lead"
        action, reason = advised(game)
        assert action == Play(led), (hand, action)
        assert ("waits for the play before your 3s" in reason) is (led == "9")


def test_under_bie3_it_spends_its_last_stopper_only_on_a_sure_stifle() -> None:
    # the other seats hold two 3s each, so seat 0's share of the unseen 3s is two cards: left with 33 after its Q it
    # likely holds only 3s (stifles), but seat 1 would spend its last 2, leaving its own 3 uncovered, and passes;
    # left with one card, the stifle is sure and the 2 goes
    bie3 = load_ruleset("bie3")
    for lead_hand, beats in (("Q33", False), ("Q3", True)):
        game = deal(bie3, lead_hand, "2553", "336", "337", "338", "33T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        assert stifles(read(game.view()), 0)
        action, _ = advised(game)
        assert (action == Play("2")) is beats, (lead_hand, action)
