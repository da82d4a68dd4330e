"""What a bot's game costs, and how many worlds the search rests a decision on (a script, not a test).

    python benchmarks/bench_policy.py [--ruleset dagang] [--games 50] [--bots random,heuristic]
                                      [--search search:100ms] [--search-games 1] [--profile]

(1) CPU time per game (one core, ``time.process_time``) of each bot at all six seats, games back
to back as one match (tribute and lead carried, finished games not kept), as the search's rollouts
play them; the target is :data:`TARGET_MS` for the heuristic (the rollout policy) on dagang. (2) The
search bot at one seat (``--search``, the heuristic at the others) for ``--search-games`` games:
the sampled worlds each contested decision rests on (a decision with one candidate is not
searched), as a distribution, against :data:`WORLDS_TARGET`. ``--profile`` prints cProfile's top functions of
the heuristic's games. ``--digest N`` prints instead a hash of the heuristic's actions and reasons in
N seeded games spread over :data:`DIGEST_RULESETS` (compare it before and after a change meant to
keep the heuristic's choices). Exit code 1 when a target is missed (on a busy machine it may be).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import statistics
import sys
import time
from collections import Counter

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.registry import make_agent
from gouji_variants.agents.search import SearchAgent
from gouji_variants.engine import Agent, Match, play_out
from gouji_variants.engine.actions import Action
from gouji_variants.engine.seat import SeatView
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

TARGET_MS = 3.0  # CPU ms per heuristic game on dagang
WORLDS_TARGET = 20  # sampled worlds per contested decision at search:100ms (the median)
#: Rulesets of ``--digest``'s games: rule areas the heuristic reads (开点, 落四, 憋3, 烧牌, 会3, 宣点, 革命 …).
DIGEST_RULESETS = ("dagang", "jining", "qingdao", "bie3", "hui3", "dadian", "liaocheng", "zhixi")


def per_game(ruleset: Ruleset, agents: list[Agent], games: int, seed: int) -> tuple[float, int]:
    """CPU seconds per game and decisions per game, ``agents`` at the six seats."""
    match = Match(ruleset, seed)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        game = match.new_game()
        decisions += play_out(game, agents, rng)
        match.record(game)
        match.games.clear()  # (a rollout keeps no finished game: kept, they would make the collector's passes dearer)
    return (time.process_time() - start) / games, decisions // games


def worlds(ruleset: Ruleset, spec: str, games: int, seed: int) -> list[int]:
    """The worlds of each contested decision of the search bot ``spec`` at seat 0."""
    search = make_agent(spec)
    assert isinstance(search, SearchAgent)
    used: list[int] = []
    search.record = used
    agents: list[Agent] = [search, *(make_agent("heuristic") for _ in range(5))]
    match = Match(ruleset, seed)
    rng = random.Random(seed)
    for _ in range(games):
        game = match.new_game()
        play_out(game, agents, rng)
        match.record(game)
    return used


class _Digesting:
    """The heuristic, feeding each action and its reason (English) to ``digest``."""

    name = "heuristic"

    def __init__(self, digest: hashlib._Hash) -> None:
        self.bot = HeuristicAgent()
        self.digest = digest

    def act(self, view: SeatView, rng: random.Random) -> Action:
        advice = self.bot.advise(view, rng)
        self.digest.update(f"{view.seat} {advice.action!r} {advice.reason.en}\n".encode())
        return advice.action


def digest(games: int, seed: int) -> str:
    """A hash of the heuristic's actions and reasons in ``games`` seeded games over :data:`DIGEST_RULESETS`."""
    found = hashlib.sha256()
    for index, name in enumerate(DIGEST_RULESETS):
        share = games // len(DIGEST_RULESETS) + (index < games % len(DIGEST_RULESETS))
        bot = _Digesting(found)
        match = Match(load_ruleset(name), seed + index)
        rng = random.Random(seed + index)
        for _ in range(share):
            game = match.new_game()
            play_out(game, [bot] * 6, rng)
            match.record(game)
    return found.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="dagang")
    parser.add_argument("--games", type=int, default=50, help="games per bot")
    parser.add_argument("--bots", default="random,heuristic", help="bots timed (comma list of specs)")
    parser.add_argument("--search", default="search:100ms", help="the search bot whose worlds are counted")
    parser.add_argument("--search-games", type=int, default=1, help="games of the search bot (0: none)")
    parser.add_argument("--profile", action="store_true", help="cProfile the heuristic's games")
    parser.add_argument("--digest", type=int, default=0, metavar="N",
                        help="print only a hash of the heuristic's choices in N seeded games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.digest:
        print(f"heuristic's choices in {args.digest} games: {digest(args.digest, args.seed)}")
        return 0
    try:
        ruleset = load_ruleset(args.ruleset)
        for spec in [*args.bots.split(","), args.search]:
            make_agent(spec)
    except ValueError as error:
        parser.error(str(error))
    missed = False
    print(f"(1) CPU per game on {args.ruleset}, each bot at all six seats, {args.games} games")
    for spec in args.bots.split(","):
        spent, decisions = per_game(ruleset, [make_agent(spec) for _ in range(6)], args.games, args.seed)
        target = f"   (target ≤ {TARGET_MS:g} ms)" if spec == "heuristic" else ""
        print(f"  {spec:<12}{spent * 1000:9.2f} ms per game, {decisions} decisions a game{target}", flush=True)
        missed |= spec == "heuristic" and args.ruleset == "dagang" and spent * 1000 > TARGET_MS
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(per_game, ruleset, [make_agent("heuristic") for _ in range(6)], args.games, args.seed)
        pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(25)
    if args.search_games > 0:
        used = worlds(ruleset, args.search, args.search_games, args.seed)
        counts = Counter(min(count // 10 * 10, 100) for count in used)
        median = statistics.median(used) if used else 0
        print(f"\n(2) worlds per contested decision of {args.search} at seat 0, {args.search_games} games: "
              f"{len(used)} decisions, median {median:g} (target ≥ {WORLDS_TARGET}), "
              f"least {min(used, default=0)}, most {max(used, default=0)}")
        for low in sorted(counts):
            label = f"{low}+" if low == 100 else f"{low}-{low + 9}"
            print(f"  {label:>8} worlds {counts[low]:5d} {'#' * round(50 * counts[low] / len(used))}")
        missed |= args.ruleset == "dagang" and args.search == "search:100ms" and median < WORLDS_TARGET
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
