"""The invariants every finished game keeps, and a run of many games that checks them.

Used by the benchmarks (2,000 or 10,000 games) and, with fewer games, by the tests.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from ..agents.basic import RandomAgent
from ..engine.game import Game
from ..engine.match import Match, play_out
from ..ruleset.cards import N_RANKS
from ..ruleset.model import Ruleset


def conserved(game: Game) -> bool:
    """Every card of the deal is in a hand, on the table or taken out by 会3."""
    total = [game.table[rank] + game.removed[rank] for rank in range(N_RANKS)]
    for seat in range(6):
        for rank, count in enumerate(game.hand(seat).counts):
            total[rank] += count
    return tuple(total) == game.deck_total.counts


def seats_counted(game: Game) -> list[str]:
    """Where the statistics counted against each seat (``Game.seat_stats``) do not add up to the game's, or
    disagree with who was stifled, who 诈烧'd and who did not open."""
    by_seat = game.seat_stats
    found = [f"{name}: {sum(counted.get(name, 0) for counted in by_seat)} counted against seats, {total} in all"
             for name, total in game.stats.items()
             if any(name in counted for counted in by_seat) and sum(c.get(name, 0) for c in by_seat) != total]
    facts = {"men": [game.stifled.count(seat) for seat in range(6)],
             "zhashao": [game.zhashao.count(seat) for seat in range(6)]}
    if game.rules.kaidian.enabled:
        facts["kaidian_failures"] = [int(not opened) for opened in game.opened]
    found += [f"{name} by seat {[counted.get(name, 0) for counted in by_seat]}, but the game says {fact}"
              for name, fact in facts.items() if [counted.get(name, 0) for counted in by_seat] != fact]
    return found


def problems(game: Game) -> list[str]:
    """What is wrong with a finished game: cards not conserved, places not a permutation, a
    score that does not follow from the places, statistics of the seats that do not add up (:func:`seats_counted`)."""
    found = seats_counted(game)
    if not conserved(game):
        found.append("cards not conserved")
    if game.places is None or sorted(game.places) != list(range(6)):
        found.append(f"places are not a permutation: {game.places}")
    else:
        recorded = game.components.score.recorded(game.places, game.rules.score)
        if game.score not in (recorded, tuple(2 * points for points in recorded)):  # 满贯 doubles it
            found.append(f"score {game.score} does not follow from places {game.places}")
    return found


@dataclass
class CheckedRun:
    """The outcome of :func:`checked_run`."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)


def checked_run(ruleset: Ruleset, games: int, seed: int) -> CheckedRun:
    """``games`` games of random self-play as one match, each checked; a failure (an exception or
    a broken invariant) is recorded and the match restarts."""
    run = CheckedRun()
    match = Match(ruleset, seed)
    agents = [RandomAgent()] * 6
    rng = random.Random(seed)
    start = time.perf_counter()
    for index in range(games):
        try:
            game = match.new_game()
            run.decisions += play_out(game, agents, rng)
            found = problems(game)
            if found:
                raise AssertionError("; ".join(found))
            run.stats.update(game.stats)
            match.record(game)
            match.games.clear()
        except Exception as error:  # noqa: BLE001 - counting every kind of failure is the point
            where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
            at = f" at {where.filename.rsplit('/', 1)[-1]}:{where.lineno}" if where else ""
            run.failures.append(f"game {index}: {type(error).__name__}: {error}{at}")
            match = Match(ruleset, seed + index + 1)
        run.games += 1
    run.seconds = time.perf_counter() - start
    return run
