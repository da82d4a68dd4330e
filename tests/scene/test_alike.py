"""``alike``: the events every viewer sees alike (the room service makes their view once for all the seats
of a broadcast), checked against ``seen_events`` for every seat, a spectator, in 预点 and not, over matches
whose second games have tribute and 还贡, and private declines."""

from __future__ import annotations

import random

import pytest

from gouji_variants.engine.match import Match
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.scene import alike, seen_events

pytestmark = pytest.mark.engine  # (it plays the engine: its events must be alike under both)

VIEWERS = (None, 0, 1, 2, 3, 4, 5)


def test_alike_events_are_seen_alike_by_every_viewer_and_the_others_are_not_called_alike() -> None:
    differing = 0
    for seed in range(3):
        match, rng = Match(load_ruleset("qingdao"), seed), random.Random(seed)
        for _ in range(2):
            game = match.new_game()
            while not game.over:
                game.apply(rng.choice(game.legal_actions()))
            match.record(game)
            for event in game.log:
                seen = {seen_events([event], viewer, yudian) for viewer in VIEWERS for yudian in (False, True)}
                if alike([event]):
                    assert len(seen) == 1, event
                differing += len(seen) > 1
            assert alike(game.log) == all(alike([event]) for event in game.log)
    assert differing  # (tribute, 还贡 and private events were met, and not called alike)
