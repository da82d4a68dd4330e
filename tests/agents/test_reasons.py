"""A hint's reason follows the rules and the engine: it names a rule area (开点, 落四, 憋3, 闷, 烧牌, 让牌)
only where the ruleset plays it, claims 诈烧 only where the engine's own test of the burn
(``components.burning.keepable``, what the burn's confirmation asks) says the hand cannot keep it, and
speaks to the player ("your", never "its")."""

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


@pytest.mark.parametrize(("ruleset_id", "seeds"), [("dagang", range(3)), ("bie3", range(4)), ("dadian", range(2)),
                                                     ("qingdao", range(2))])
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
            rules = ruleset.rules
            for term, on in (("开点", rules.kaidian.enabled), ("开不了点", rules.kaidian.enabled),
                             ("落四", rules.kaidian.enabled), ("憋3", rules.bie3.enabled), ("闷", rules.bie3.enabled),
                             ("烧", rules.burning.enabled), ("让牌", rules.turns.allow_yield)):
                assert on or term not in zh + en, (term, en)
            if not rules.kaidian.enabled:
                assert "open" not in en, en
            if "诈烧" in zh:
                burns = [action for action in view.legal_actions() if isinstance(action, Burn)]
                hand = view.hand
                assert not any(burning.keepable(ruleset.rules.burning, (hand - action.cards).counts)
                               for action in burns), en
            game.apply(advice.action)
    assert len(said) > 5
