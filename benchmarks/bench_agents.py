"""How well the bots play, measured: (1) a seat-swapped round-robin tournament with team win rates
and Wilson 95% intervals, and each bot's seats stifled (闷) a game under 憋3 (its own vulnerability to
the other's stifles), and (2) a blunder table per ruleset and bot (开点 failures, 落四 give-ups, 诈烧,
闷, 大小王不出手 per game, each bot at all six seats), with the search bot's median decision time
(CPU time, one core).

    python benchmarks/bench_agents.py [--games 20] [--rulesets jining,qingdao,bie3]
        [--agents random,basic,heuristic,search] [--blunder-games 10] [--blunder-rulesets ...] [--chunk 5]
        [--workers 2] [--house 20]

Bots are taken by name from the registry (``gouji simulate --agents``), parameters included
(``search:200ms``, ``search:20`` worlds). In the tournament each pair plays ``--games`` games with
the first bot at seats 0, 2, 4 and as many with the seats swapped, from the same match seed; a tie
counts half a win. ``--games 0`` or ``--blunder-games 0`` skips a part. ``--chunk N`` plays the
games as matches of N games each way (seeds from the match seed on) and prints the running rate
after each, so that a long run says where it stands; ``--workers N`` plays the chunks in N processes
(a search bot's think time is the CPU time of its own process). ``--house N`` plays the tournament on N
house rulesets drawn from the tests' Hypothesis strategy (``tests/strategies``, as
``bench_house_rulesets.py`` draws them, seeded by ``--seed``) instead of ``--rulesets``, a line each and
the pooled rate last.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gouji_variants.agents.basic import Agent
from gouji_variants.agents.registry import make_agent
from gouji_variants.engine.actions import Action
from gouji_variants.engine.seat import SeatView
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.runs.simulate import simulate

BLUNDERS = {"kaidian_failures": "开点 failures", "gave_up_kaidian": "落四 give-ups", "zhashao": "诈烧",
            "men": "闷", "stuck_jokers": "大小王不出手"}


@dataclass
class Timed:
    """An agent whose decisions are timed (CPU time of the process)."""

    agent: Agent
    times: list[float] = field(default_factory=list)
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.agent.name

    def act(self, view: SeatView, rng: random.Random) -> Action:
        start = time.process_time()
        action = self.agent.act(view, rng)
        self.times.append(time.process_time() - start)
        return action


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def seats(first: str, second: str, times: dict[str, list[float]]) -> list[Agent]:
    """Six agents, ``first`` at seats 0, 2, 4 and ``second`` at 1, 3, 5, each timed into ``times``."""
    made: list[Agent] = []
    for seat in range(6):
        spec = (first, second)[seat % 2]
        timed = Timed(make_agent(spec), times.setdefault(spec, []))
        made.append(timed)
    return made


#: the rulesets of a run with their labels, set before the worker processes fork (a job names its ruleset
#: by index)
RULESETS: list[tuple[str, Ruleset]] = []


Chunk = tuple[float, dict[str, list[float]], list[int]]


def play_chunk(job: tuple[int, str, str, int, int]) -> Chunk:
    """One chunk (``job``: ruleset index, the two bots, games each way, seed): the first bot's wins, a tie
    half, over both seatings, the decision times of each bot, and how many of each bot's seats were stifled
    (闷: the first bot's, the second's), what measures a bot's own vulnerability to the other's stifles."""
    index, first, second, count, seed = job
    times: dict[str, list[float]] = {}
    wins = 0.0
    stifled = [0, 0]
    for team, pair in enumerate(((first, second), (second, first))):
        def count_stifled(record: dict[str, Any], team: int = team) -> None:
            for seat in record["result"]["stifled"]:
                stifled[int(seat % 2 != team)] += 1

        result = simulate(RULESETS[index][1], count, seed, seats(*pair, times), keep=count_stifled)
        wins += result.wins[team] + result.wins[2] / 2
    return wins, times, stifled


def duel(index: int, first: str, second: str, games: int, seed: int, times: dict[str, list[float]],
         chunk: int = 0, pool: ProcessPoolExecutor | None = None) -> tuple[float, int, list[int]]:
    """``first``'s wins (a tie half) over ``games`` games each way round on ``RULESETS[index]``'s ruleset, the
    games played and each bot's seats stifled (:func:`play_chunk`): one match each way, or (``chunk``) matches
    of ``chunk`` games each way, the running rate printed after each pair of them (their seeds from ``seed``
    on), played in ``pool`` when given."""
    size = chunk or games
    jobs = [(index, first, second, min(size, games - start), seed + start) for start in range(0, games, size)]
    done: Iterator[Chunk] = pool.map(play_chunk, jobs) if pool is not None else map(play_chunk, jobs)
    wins, played, stifled = 0.0, 0, [0, 0]
    for job, (won, spent, men) in zip(jobs, done, strict=True):
        wins, played = wins + won, played + 2 * job[3]
        stifled = [mine + more for mine, more in zip(stifled, men, strict=True)]
        for spec, seconds in spent.items():
            times.setdefault(spec, []).extend(seconds)
        if chunk:
            low, high = wilson(wins, played)
            print(f"    ... {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  after {played} games", flush=True)
    return wins, played, stifled


def tournament(agents: list[str], games: int, seed: int, times: dict[str, list[float]], chunk: int = 0,
               pool: ProcessPoolExecutor | None = None) -> None:
    print(f"(1) tournament: {games} games each way round per pair and ruleset; the left bot's "
          "team win rate against the right bot's, Wilson 95% interval")
    pooled: dict[tuple[str, str], float] = {}
    for index, (label, ruleset) in enumerate(RULESETS):
        print(f"\n{label} ({ruleset.fingerprint})")
        for first, second in itertools.combinations(agents[::-1], 2):  # the later (stronger) bot on the left
            start = time.perf_counter()
            wins, played, stifled = duel(index, first, second, games, seed, times, chunk, pool)
            pooled[first, second] = pooled.get((first, second), 0.0) + wins
            low, high = wilson(wins, played)
            men = f", 闷 a game {stifled[0] / played:.3f} / {stifled[1] / played:.3f}" if any(stifled) else ""
            print(f"  {first:>14} vs {second:<14} {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  "
                  f"{played} games{men}, {time.perf_counter() - start:.0f} s", flush=True)
    if len(RULESETS) > 1:
        played = 2 * games * len(RULESETS)
        print(f"\nall {len(RULESETS)} rulesets pooled")
        for (first, second), wins in pooled.items():
            low, high = wilson(wins, played)
            print(f"  {first:>14} vs {second:<14} {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  {played} games")


def house(count: int, seed: int) -> list[tuple[str, Ruleset]]:
    """``count`` house rulesets drawn from the tests' strategy (the same ones for the same ``seed``)."""
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parent / "tests")]
    from bench_house_rulesets import draw  # noqa: PLC0415 - the tests' strategies only when asked for
    from strategies import compile_house  # type: ignore[import-not-found]  # noqa: PLC0415

    return [(f"house-{number} ({', '.join(document['extends'])})", compile_house(document))
            for number, document in enumerate(draw(count, seed))]


def blunders(rulesets: list[Ruleset], agents: list[str], games: int, seed: int,
             times: dict[str, list[float]]) -> None:
    print(f"\n(2) blunders per game, each bot at all six seats, {games} games per ruleset")
    print(f"  {'ruleset':<16}{'bot':<16}" + "".join(f"{label:>14}" for label in BLUNDERS.values()))
    for ruleset in rulesets:
        for spec in agents:
            stats: Counter[str] = Counter(simulate(ruleset, games, seed,
                                                   [Timed(make_agent(spec), times.setdefault(spec, []))
                                                    for _ in range(6)]).stats)
            print(f"  {ruleset.id:<16}{spec:<16}" + "".join(f"{stats[key] / games:>14.2f}" for key in BLUNDERS),
                  flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="tournament games per pair, ruleset and seating")
    parser.add_argument("--rulesets", default="jining,qingdao,bie3", help="tournament rulesets (comma list)")
    parser.add_argument("--agents", default="random,basic,heuristic,search", help="bots (comma list of specs)")
    parser.add_argument("--blunder-games", type=int, default=10, help="games per ruleset and bot in the table")
    parser.add_argument("--blunder-rulesets", default="", help="rulesets of the table (default: every built-in)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=0,
                        help="play the tournament in matches of this many games each way, printing the running rate")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the tournament's chunks")
    parser.add_argument("--house", type=int, default=0,
                        help="play the tournament on this many generated house rulesets instead of --rulesets")
    args = parser.parse_args()
    try:
        agents = [spec.strip() for spec in args.agents.split(",")]
        for spec in agents:
            make_agent(spec)
    except ValueError as error:
        parser.error(f"--agents: {error}")
    ids = args.blunder_rulesets.split(",") if args.blunder_rulesets else \
        [entry.id for entry in Catalog((RULESETS_DIR,)).entries()]
    times: dict[str, list[float]] = {}
    if args.workers < 1:
        parser.error("--workers: at least 1")
    if args.games > 0:
        RULESETS[:] = house(args.house, args.seed) if args.house > 0 else \
            [(ruleset.id, ruleset) for ruleset in (load_ruleset(ref) for ref in args.rulesets.split(","))]
        chunk = max(args.chunk, 0) or (-(-args.games // (2 * args.workers)) if args.workers > 1 else 0)
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else contextlib.nullcontext() as pool:
            tournament(agents, args.games, args.seed, times, chunk, pool)
    if args.blunder_games > 0:
        blunders([load_ruleset(ref) for ref in ids], agents, args.blunder_games, args.seed, times)
    print("\nmedian decision time (CPU, one core):")
    for spec, spent in times.items():
        if spent:
            print(f"  {spec:<16}{statistics.median(spent) * 1000:8.2f} ms over {len(spent)} decisions, "
                  f"90th percentile {statistics.quantiles(spent, n=10)[-1] * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
