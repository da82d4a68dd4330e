"""A refusal names the real reason: at a lead, a burn, 让牌, 接风 and 革命 are refused by their own rule,
and only a pass is 'a leader cannot pass'."""

from __future__ import annotations

import pytest
from engine_helpers import deal, play

from gouji_variants.engine.actions import JIEFENG, PASS, REVOLUTION, YIELD, Action, Burn, IllegalAction
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset


@pytest.mark.parametrize(("action", "rule", "words"), [
    (Burn(Cards.parse("444")), "burning.enabled", "none to answer"),
    (YIELD, "turns.allow_yield", "yield only"),
    (JIEFENG, "turns.jiefeng", "ask to lead"),
    (REVOLUTION, "revolution.enabled", "before the first play"),
    (PASS, "turns.lead", "a leader cannot pass"),
])
def test_at_a_lead_each_refusal_names_its_own_rule(dagang: Ruleset, action: Action, rule: str, words: str) -> None:
    game = deal(dagang, "4445", "66", "77", "88", "99", "TT")
    with pytest.raises(IllegalAction) as refused:
        game.verify(action)
    verdict = refused.value.verdict
    assert verdict.rule == rule and words in verdict.en and verdict.zh
    assert ("cannot pass" in verdict.en) == (action == PASS)
    game.verify(play("444"))  # the lead itself is fine

