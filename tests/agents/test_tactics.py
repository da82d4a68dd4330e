"""The heuristic's tactics (:mod:`gouji_variants.agents.tactics`): each changes a decision in a
constructed position, against the same position where it does not apply."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.tactics import RUNNER
from gouji_variants.engine import Game, Play
from gouji_variants.ruleset.cards import JOKERS
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

REST = ("6", "7", "8", "T")  # seats 1, 2, 4 and 5


@pytest.fixture(scope="module")
def dadian() -> Ruleset:
    return load_ruleset("dadian")


def advised(game: Game) -> tuple[object, str]:
    advice = HeuristicAgent().advise(game.view(), random.Random(0))
    return advice.action, advice.reason.en


def spends_jokers(action: object) -> bool:
    return isinstance(action, Play) and any(action.cards.counts[joker] for joker in JOKERS)


def test_it_spends_jokers_to_stop_its_duitou_opening(dagang: Ruleset, dadian: Ruleset) -> None:
    # seat 3 would keep its only jokers against a 够级 play that opens nothing (打点 off), but the 对头's KK
    # would open (开点) and win the lead under 打点
    for ruleset, stops in ((dadian, True), (dagang, False)):
        game = deal(ruleset, "KK345678899T", *REST[:2], "BB34556677889", *REST[2:])
        game.apply(Play("KK"))
        assert game.turn == 3 and game.decision == "answer"
        action, reason = advised(game)
        assert spends_jokers(action) is stops, (ruleset.id, action)
        assert ("would open" in reason) is stops


def test_it_beats_a_runner_at_any_price(dagang: Ruleset) -> None:
    # seat 1 keeps its only joker unless seat 0, an opponent, is down to RUNNER cards or fewer
    for lead_hand, stops in (("Q" + "5" * RUNNER, True), ("Q" + "5" * (RUNNER + 1), False)):
        game = deal(dagang, lead_hand, "B334455667788", "6", "7", "8", "T")
        game.apply(Play("Q"))
        assert game.turn == 1 and game.decision == "follow"
        action, _ = advised(game)
        assert spends_jokers(action) is stops, (lead_hand, action)
