"""The statistics counted against a seat (闷, 诈烧, 开点 failures, 落四, 大小王不出手: ``Game.seat_stats``) add
up to the game's, a run sums them by seat, and a check finds seats' counts that disagree with the game."""

from __future__ import annotations

import random

from gouji_variants.engine import Match, RandomAgent, play_out
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.invariants import seats_counted
from gouji_variants.runs.simulate import simulate

COUNTED = ("kaidian_failures", "gave_up_kaidian", "zhashao", "men", "stuck_jokers")


def test_a_run_counts_each_seats_share_of_the_statistics() -> None:
    run = simulate(load_ruleset("jining"), 12, 5, [RandomAgent()] * 6)
    for name in COUNTED:
        assert sum(seat[name] for seat in run.seat_stats) == run.stats[name], name
    assert run.stats["kaidian_failures"] > 0 and run.stats["men"] > 0
    assert sum(1 for seat in run.seat_stats if seat["kaidian_failures"]) > 1  # spread over the seats, not one


def test_seat_counts_that_disagree_with_the_game_are_found() -> None:
    game = Match(load_ruleset("jining"), 3).new_game()
    play_out(game, [RandomAgent()] * 6, random.Random(3))
    assert seats_counted(game) == []
    game.state.seat_counted.append((2, "men"))  # a stifle counted against a seat nobody stifled
    found = seats_counted(game)
    assert any(problem.startswith("men: ") for problem in found) and any("the game says" in p for p in found)
