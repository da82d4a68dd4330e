"""The heuristic's hand plan (``agents/plan.py``): one play per rank with the 2s and jokers attached;
it leads the groups that could not go out on another seat's play, and beats with a whole group
filled out with 2s rather than break one, where ``basic`` does otherwise."""

from __future__ import annotations

import random

from engine_helpers import deal

from gouji_variants.agents.basic import BasicAgent
from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.plan import breaks, follow_cost, lead_key, plays_left
from gouji_variants.engine import PASS, Play
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset

RNG = random.Random(0)


def counts(cards: str) -> tuple[int, ...]:
    return tuple(Cards.parse(cards).counts)


def test_a_hand_needs_one_play_per_rank_with_its_2s_and_jokers_attached() -> None:
    assert plays_left(counts("5599KKK22R")) == 3
    assert plays_left(counts("22RB")) == 1
    assert plays_left(tuple(Cards.EMPTY.counts)) == 0


def test_low_ranks_and_large_groups_are_led_first() -> None:
    assert lead_key(counts("6666")) < lead_key(counts("5")) < lead_key(counts("9"))
    assert lead_key(counts("QQQQQQQQ")) < lead_key(counts("77"))


def test_breaking_a_group_costs_more_than_a_2_filling_one_out() -> None:
    hand = counts("QQQQKK2")
    assert breaks(counts("QQQ"), hand) and not breaks(counts("KK2"), hand)
    assert follow_cost(counts("KK2"), hand) < follow_cost(counts("QQQ"), hand)


def test_it_leads_the_group_that_could_not_follow_where_basic_leads_its_lowest() -> None:
    game = deal(load_ruleset("dagang"), "56666J", "T", "T", "T", "T", "T")
    advice = HeuristicAgent().advise(game.view(), RNG)
    assert advice.action == Play("6666") and "3 plays left" in advice.reason.en
    assert BasicAgent().act(game.view(), RNG) == Play("5")


def test_it_beats_with_a_whole_group_and_a_2_where_basic_breaks_a_group() -> None:
    game = deal(load_ruleset("dagang"), "7779", "QQQQKK25689T", "4", "4", "4", "QQQQKK25689T")
    game.apply(Play("777"))
    assert game.turn % 2 == 1
    advice = HeuristicAgent().advise(game.view(), RNG)
    assert advice.action == Play("KK2") and "whole group" in advice.reason.en
    assert BasicAgent().act(game.view(), RNG) == Play("QQQ")
    assert advice.action != PASS


def test_it_passes_rather_than_break_a_group_until_its_hand_is_small() -> None:
    # only QQ (two of the three Qs) beats 77: with 13 cards seat 1 passes, with 8 it breaks the group, as basic does
    for hand, breaks_it in (("QQQ4445556666", False), ("QQQ44455", True)):
        game = deal(load_ruleset("dagang"), "7755556666999", hand, "4", "4", "4", "4")
        game.apply(Play("77"))
        assert game.turn == 1 and game.decision == "follow"
        advice = HeuristicAgent().advise(game.view(), RNG)
        assert (advice.action == Play("QQ")) is breaks_it, (hand, advice.action)
        assert advice.action in (PASS, Play("QQ")) and ("group" in advice.reason.en or advice.action != PASS)
        assert BasicAgent().act(game.view(), RNG) == Play("QQ")
