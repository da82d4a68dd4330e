"""The environment's caches (six-byte seat slices, transfers and places by observation, action
indices by action object) give the same vector and indices when they are cleared all the time as
when they are not: with a bound of two entries, every step is checked against the plain reference
(test_env_observation.reference) and against ``ActionEncoding.index`` of each listed action."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest
from test_env_observation import reference

from gouji_variants.components.recent import RULESETS_KEPT
from gouji_variants.engine import Game, Return
from gouji_variants.env import ActionEncoding, Family, observations
from gouji_variants.env import actions as encoding_module
from gouji_variants.ruleset.compiler import load_ruleset


@pytest.mark.parametrize("ruleset", ["dagang", "hui3", "zhixi"])
def test_caches_bounded_to_two_entries_change_nothing(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observations, "_KEPT", 2)
    monkeypatch.setattr(encoding_module, "_KEPT", 2)
    compiled = load_ruleset(ruleset)
    encoding = ActionEncoding(Family.of(compiled))
    rng, steps = random.Random(3), 0
    for seed in range(2):
        game = Game(compiled, seed)
        while not game.over:
            for seat in (0, 3):
                seen = game.observation(seat)
                assert (observations.encode(seen, compiled.rules)
                        == np.array(reference(seen, compiled.rules), np.float32)).all()
            listed = game.view().legal_actions()
            expected = [encoding.index(action) for action in listed if not isinstance(action, Return)]
            assert encoding.indices(listed) == expected
            assert encoding.indices(listed) == expected  # the second time from the table
            game.apply(game.view().sample_action(rng))
            steps += 1
    assert steps > 50
    assert len(observations._MARKS) <= 2 and len(encoding._kept) <= 2


def test_blank_vectors_are_kept_for_the_recent_rules_only() -> None:
    """A blank vector is kept per rules object: a process encoding under many rulesets keeps the
    :data:`~gouji_variants.components.recent.RULESETS_KEPT` it used last, not one per ruleset for ever."""
    rules = load_ruleset("dagang").rules
    seen = Game(load_ruleset("dagang"), 1).observation(0)
    expected = observations.encode(seen, rules)
    for _ in range(RULESETS_KEPT + 8):
        other = copy.copy(rules)  # equal rules, another object: another entry
        assert (observations.encode(seen, other) == expected).all()
    assert len(observations._BLANKS) <= RULESETS_KEPT
