"""The observation vector, value by value, against a plain reference written from docs/env.md's table.

``encode`` builds the vector as bytes for speed; ``reference`` below builds each slice as a list,
in the order and with the meaning the docs give, and the two must agree exactly at every step of
random games of several rulesets (every seat's vector, the seat to act's with a 还贡 in progress).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from gouji_variants.engine import Game, Observation
from gouji_variants.env import raw_env
from gouji_variants.env.observations import DECISIONS, SLICES, encode, switches
from gouji_variants.ruleset.cards import N_RANKS
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.rules import Rules

RULESETS = ("dagang", "qingdao", "jining", "bie3", "hui3", "dadian", "tingpai", "zhixi", "32-gui", "liaocheng")


def reference(seen: Observation, rules: Rules, picked: list[int] | None = None) -> list[float]:
    """The vector of ``seen`` as docs/env.md describes it, one slice after the other."""
    seat = seen.seat
    order = [(seat + k) % 6 for k in range(6)]

    def flags(seats: object) -> list[float]:
        marked = {other for other in seats if other is not None}  # type: ignore[attr-defined]
        return [float(other in marked) for other in order]

    def card_sum(given: bool) -> list[float]:
        total = [0.0] * N_RANKS
        for item in seen.transfers:
            if item.cards is not None and (item.giver if given else item.taker) == seat:
                total = [a + b for a, b in zip(total, item.cards.counts, strict=True)]
        return total

    places = [0.0] * 6
    if seen.places is not None:
        places = [p + 1.0 for p in seen.places]
    else:
        for index, other in enumerate(seen.finished):
            places[other] = index + 1.0
        for index, other in enumerate(seen.bottom):
            places[other] = 6.0 - index
    zeros = [0.0] * N_RANKS
    visible = [zeros if hand is None else list(hand.counts) for hand in seen.hands]
    last = seen.carry.places if seen.carry is not None else None
    parts: dict[str, list[float]] = {
        "hand": list(seen.hand.counts),
        "return_picked": list(picked) if picked is not None else zeros,
        "decision": [float(name == (seen.decision or "none")) for name in DECISIONS],
        "to_act": flags([seen.to_act]),
        "top": list(seen.top.counts) if seen.top is not None else zeros,
        "top_seat": flags([seen.top_seat] if seen.top is not None else []),
        "may_answer": flags(seen.may_answer),
        "in_round": flags(player for player, _ in seen.round_plays),
        "passed": flags(seen.passed),
        "counts": [-1.0 if (n := seen.counts[other]) is None else float(n) for other in order],
        "played": [c for other in order for c in (seen.played[other].counts if seen.played else zeros)],
        "removed": list(seen.removed.counts),
        "hand_visible": [float(k > 0 and seen.hands[other] is not None) for k, other in enumerate(order)],
        "hands": [c for k, other in enumerate(order) for c in (visible[other] if k else zeros)],
        "given": card_sum(True),
        "received": card_sum(False),
        "burner": flags([seen.burner]),
        "luanchan": [float(seen.luanchan)],
        "burned": flags(burn[1] for burn in seen.burns),
        "opened": [float(seen.opened[other]) for other in order],
        "declared": [float(seen.declared[other] is not None) for other in order],
        "gave_up": [float(bool(seen.gave_up) and seen.gave_up[other]) for other in order],
        "places": [places[other] for other in order],
        "out_of_play": flags(seen.out_of_play),
        "revolutionaries": flags(seen.revolutionaries),
        "stifled": flags(seen.stifled),
        "shown": flags(seen.shown),
        "last_places": [last[other] + 1.0 for other in order] if last is not None else [0.0] * 6,
        "rules": [float(on) for _, on in switches(rules)],
    }
    vector: list[float] = []
    for part in SLICES:
        assert len(parts[part.name]) == part.size, part.name
        vector += parts[part.name]
    return vector


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_vector_is_the_documented_one_at_every_step(ruleset: str) -> None:
    compiled = load_ruleset(ruleset)
    rng, steps = random.Random(7), 0
    for seed in range(3):
        game = Game(compiled, seed)
        while not game.over:
            for seat in range(6):
                seen = game.observation(seat)
                assert (encode(seen, compiled.rules) == np.array(reference(seen, compiled.rules), np.float32)).all()
            picked = [rng.randrange(3) for _ in range(N_RANKS)]
            seen = game.view().observation
            assert (encode(seen, compiled.rules, picked) == np.array(reference(seen, compiled.rules, picked))).all()
            game.apply(game.view().sample_action(rng))
            steps += 1
    assert steps > 100


def test_the_environment_hands_out_new_arrays_each_time() -> None:
    """The mask and vector handed out are the caller's: changing them changes nothing in the environment."""
    game = raw_env("dagang")
    game.reset(seed=2)
    seen = game.observe(game.agent_selection)
    legal = game.infos[game.agent_selection]["legal_actions"]
    seen["action_mask"][:] = 0
    seen["observation"][:] = 99.0
    again = game.observe(game.agent_selection)
    assert sorted(np.flatnonzero(again["action_mask"])) == sorted(legal)
    assert (again["observation"] != 99.0).any()
    game.step(legal[0])
