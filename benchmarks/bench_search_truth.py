"""What the search's choices are worth in the true game, by kind of decision (a script, not a test).

    python benchmarks/bench_search_truth.py [--ruleset bie3] [--games 100] [--seed 1] [--search search:100ms]

The search bot sits at one seat (seat ``game % 6``), the heuristic at the others. At each decision the
search contests, every candidate it tried is also played out once in the true game: the hidden hands as
they are, the heuristic at all six seats (it draws nothing at random, so one rollout is its exact value).
Beside the search's own paired statistics (worlds, mean difference from the policy's choice, standard
error), that says what overriding the policy is worth, free of the worlds' guesswork: for each kind of
decision (lead, follow, answer …), the true gain over the policy's choice of the override rule at several
significance thresholds (:data:`.search.SIGNIFICANCE` among them), as a total with its standard error, and the
share of the think time the kind takes. The yardstick is the search's own model (the heuristic's continuation
at every seat, the searching seat's own later decisions included), not a tournament: far less noisy, but blind
to what a table of search bots does together. It found one standard error enough where the seat follows a play,
and the tournament disagreed: the search's seats were stifled (闷) more (docs/players.md, "Where the search earns
its time"). Read it as a guide to where the search's time goes and what its overrides win, and confirm a change
in a tournament.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.registry import make_agent
from gouji_variants.agents.search import SIGNIFICANCE, SearchAgent, _count, _Tally
from gouji_variants.engine import Match, play_out
from gouji_variants.engine.actions import Action
from gouji_variants.engine.game import Game
from gouji_variants.engine.seat import SeatView
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset

THRESHOLDS = sorted({0.5, 1.0, 1.5, SIGNIFICANCE, 3.0})


@dataclass
class Decision:
    """One contested decision: its kind, the think time, and each challenger's tally with its true gain."""

    kind: str
    seconds: float
    first: _Tally  # the policy's choice
    challengers: list[tuple[_Tally, float]] = field(default_factory=list)


class Measured(SearchAgent):
    """The search, keeping each contested decision's tallies for the true game's verdict."""

    def __init__(self, search: SearchAgent) -> None:
        super().__init__(search.policy, search.budget)
        self.tallies: list[_Tally] | None = None

    def _search(self, view: SeatView, tallies: list[_Tally], rng: random.Random, start: float) -> int:
        self.tallies = tallies
        return super()._search(view, tallies, rng, start)


def true_value(game: Game, action: Action, team: int, policy: HeuristicAgent) -> float:
    """``action``'s result for ``team`` in the true game, the heuristic playing every seat after it."""
    tally = _Tally(action)
    twin = game.clone()
    twin.apply(action)
    play_out(twin, [policy] * 6, random.Random(0))
    _count(tally, twin, team)
    return tally.values[0]


def play(ruleset: Ruleset, games: int, seed: int, found: SearchAgent) -> list[Decision]:
    policy = HeuristicAgent()
    decisions: list[Decision] = []
    for number in range(games):
        search, seat = Measured(found), number % 6
        match, rng = Match(ruleset, seed + number), random.Random(seed + number)
        game = match.new_game()
        while not game.over:
            view = game.view()
            if game.turn != seat:
                game.apply(policy.act(view, rng))
                continue
            search.tallies, began = None, time.process_time()
            action = search.act(view, rng)
            seconds = time.process_time() - began
            if search.tallies is not None:
                first, *others = search.tallies
                team = seat % 2
                base = true_value(game, first.action, team, policy)
                decisions.append(Decision(view.decision, seconds, first, [
                    (tally, true_value(game, tally.action, team, policy) - base) for tally in others]))
            game.apply(action)
    return decisions


def gain(decision: Decision, significance: float) -> float:
    """The true gain of the override rule at ``significance`` (the search's: the best challenger tried in
    every world, if it beats the policy's choice by that many standard errors)."""
    worlds = len(decision.first.values)
    kept = [(tally, true) for tally, true in decision.challengers if len(tally.values) == worlds]
    if not kept:
        return 0.0
    best, true = max(kept, key=lambda pair: pair[0].mean)
    return true if best.beats(decision.first, significance) else 0.0


def total(values: list[float]) -> str:
    if len(values) < 2:
        return f"{sum(values):+.2f}"
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((value - mean) ** 2 for value in values) / (len(values) - 1))
    return f"{sum(values):+.2f} ± {spread * math.sqrt(len(values)):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="bie3")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", default="search:100ms")
    args = parser.parse_args()
    try:
        found = make_agent(args.search)
    except ValueError as error:
        parser.error(f"--search: {error}")
    if not isinstance(found, SearchAgent):
        parser.error(f"--search: {args.search} is not a search bot (search, search:40, search:250ms …)")
    try:
        ruleset = load_ruleset(args.ruleset)
    except RulesetError as error:
        parser.error(f"--ruleset: {error}")
    decisions = play(ruleset, args.games, args.seed, found)
    seconds = sum(decision.seconds for decision in decisions) or 1.0
    print(f"{args.search} at one seat on {args.ruleset}, {args.games} games from seed {args.seed}: "
          f"{len(decisions)} contested decisions")
    print("the true gain of the search's choices over the policy's (its value: a win = 1, with the points margin and "
          "tribute as it counts them), total ± standard error, overriding at")
    print(f"  {'':<16} {'decisions':>9} {'time':>5} " + "".join(f"{f'{level:.1f} s.e.':>17}" for level in THRESHOLDS))
    kinds: dict[str, list[Decision]] = defaultdict(list)
    for decision in decisions:
        kinds[decision.kind].append(decision)
    for kind, group in sorted(kinds.items(), key=lambda item: -len(item[1])):
        share = sum(decision.seconds for decision in group) / seconds
        print(f"  {kind:<16} {len(group):>9} {share:>5.0%} " + "".join(
            f"{('*' if level == SIGNIFICANCE else '') + total([gain(decision, level) for decision in group]):>17}"
            for level in THRESHOLDS))
    print("  (* the search's threshold)")
    ruled = [gain(decision, SIGNIFICANCE) for decision in decisions]
    print(f"the search's rule over every kind: {total(ruled)}, {sum(ruled) / args.games:+.3f} a game at its seat")


if __name__ == "__main__":
    main()
