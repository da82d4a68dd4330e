"""A hint's reason follows the rules and the engine: it names 开点 only where 打点 is played, claims
诈烧 only where the engine's own test of the burn (``components.burning.keepable``, what the burn's
confirmation asks) says the hand cannot keep it, and speaks to the player ("your", never "its")."""

from __future__ import annotations

import random
import re

import pytest

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.hints import advise
from gouji_variants.components import burning
from gouji_variants.engine.actions import Burn
from gouji_variants.engine.game import Game
from gouji_variants.ruleset.compiler import load_ruleset

THIRD_PERSON = re.compile(r"\bits\b|\bit (has|holds|keeps|bet|could|can|may)\b")


@pytest.mark.parametrize(("ruleset_id", "seeds"), [("dagang", range(3)), ("bie3", range(4)), ("dadian", range(2))])
def test_every_reason_of_whole_games_follows_the_rules(ruleset_id: str, seeds: range) -> None:
    ruleset = load_ruleset(ruleset_id)
    agent, said = HeuristicAgent(), set()
    for seed in seeds:
        game, rng = Game(ruleset, seed), random.Random(seed)
        while not game.over:
            view = game.view()
            advice = advise(agent, view, rng)
            zh, en = advice.reason("zh"), advice.reason("en")
            said.add(en)
            assert not THIRD_PERSON.search(en), en
            if not ruleset.rules.kaidian.enabled:
                assert "开点" not in zh and "开不了点" not in zh and "open" not in en, en
            if "诈烧" in zh:
                burns = [action for action in view.legal_actions() if isinstance(action, Burn)]
                hand = view.hand
                assert not any(burning.keepable(ruleset.rules.burning, (hand - action.cards).counts)
                               for action in burns), en
            game.apply(advice.action)
    assert len(said) > 5
