"""How well the bots play, measured: (1) a seat-swapped round-robin tournament with team win rates
and Wilson 95% intervals, and the blunders of each bot's own seats a game (开点 failures, 落四 give-ups, 诈烧,
闷, 大小王不出手: what the engine counts against a seat, ``Game.seat_stats``), and (2) a blunder table per
ruleset and bot (the same blunders per game, each bot at all six seats: what a table of that bot sees), with
the search bot's median decision time (CPU time, one core).

    python benchmarks/bench_agents.py [--games 20] [--rulesets jining,qingdao,bie3]
        [--agents random,basic,heuristic,search] [--blunder-games 10] [--blunder-rulesets ...] [--chunk 5]
        [--workers 2] [--house 20] [--records FILE ...]

Bots are taken by name from the registry (``gouji simulate --agents``), parameters included
(``search:200ms``, ``search:20`` worlds). In the tournament each pair plays ``--games`` games with
the first bot at seats 0, 2, 4 and as many with the seats swapped, from the same match seed; a tie
counts half a win. ``--games 0`` or ``--blunder-games 0`` skips a part. ``--chunk N`` plays the
games as matches of N games each way (seeds from the match seed on) and prints the running rate
after each, so that a long run says where it stands; ``--workers N`` plays the chunks in N processes
(a search bot's think time is the CPU time of its own process). ``--house N`` plays the tournament on N
house rulesets drawn from the tests' Hypothesis strategy (``tests/strategies``, as
``bench_house_rulesets.py`` draws them, seeded by ``--seed``) instead of ``--rulesets``, a line each and
the pooled rate last. ``--records FILE ...`` counts the tournament from files of game records of two bots,
one a team (``gouji simulate --agents heuristic,basic --records FILE``, and the seats swapped), written by
this release or an earlier one, each game re-played on this engine and counted as a game the tournament
plays (``--workers`` files read at once): how a bot of an earlier release is measured by today's count;
a record that cannot be read or re-played, or is not of two bots, is an error naming its file and line (exit 2).
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

from gouji_variants.agents.basic import Agent
from gouji_variants.agents.registry import make_agent
from gouji_variants.engine.actions import Action
from gouji_variants.engine.seat import SeatView
from gouji_variants.records.files import RecordFileError, read_records
from gouji_variants.records.record import RecordError, replay
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.runs.simulate import Simulation, simulate

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


Counted = list[Counter[str]]  # the blunders (:data:`BLUNDERS`) of the first bot's seats and of the second's
Chunk = tuple[float, dict[str, list[float]], Counted]


def count_seats(result: Simulation, team: int, counted: Counted) -> None:
    """Add the statistics counted against each seat of ``result`` (``Simulation.seat_stats``) to its bot's:
    the first bot's at the seats of ``team`` (0: seats 0, 2, 4; 1: seats 1, 3, 5), the second's at the others."""
    for seat, stats in enumerate(result.seat_stats):
        counted[int(seat % 2 != team)].update({key: stats[key] for key in BLUNDERS if stats[key]})


def play_chunk(job: tuple[int, str, str, int, int]) -> Chunk:
    """One chunk (``job``: ruleset index, the two bots, games each way, seed): the first bot's wins, a tie
    half, over both seatings, the decision times of each bot, and the blunders of each bot's own seats (the
    first bot's, the second's): what a bot does wrong at a table with the other, 闷 included (its own
    vulnerability to the other's stifles)."""
    index, first, second, count, seed = job
    times: dict[str, list[float]] = {}
    wins = 0.0
    counted: Counted = [Counter(), Counter()]
    for team, pair in enumerate(((first, second), (second, first))):
        result = simulate(RULESETS[index][1], count, seed, seats(*pair, times))
        wins += result.wins[team] + result.wins[2] / 2
        count_seats(result, team, counted)
    return wins, times, counted


def duel(index: int, first: str, second: str, games: int, seed: int, times: dict[str, list[float]],
         chunk: int = 0, pool: ProcessPoolExecutor | None = None) -> tuple[float, int, Counted]:
    """``first``'s wins (a tie half) over ``games`` games each way round on ``RULESETS[index]``'s ruleset, the
    games played and each bot's seats' blunders (:func:`play_chunk`): one match each way, or (``chunk``) matches
    of ``chunk`` games each way, the running rate printed after each pair of them (their seeds from ``seed``
    on), played in ``pool`` when given."""
    size = chunk or games
    jobs = [(index, first, second, min(size, games - start), seed + start) for start in range(0, games, size)]
    done: Iterator[Chunk] = pool.map(play_chunk, jobs) if pool is not None else map(play_chunk, jobs)
    wins, played, counted = 0.0, 0, [Counter[str](), Counter[str]()]
    for job, (won, spent, blundered) in zip(jobs, done, strict=True):
        wins, played = wins + won, played + 2 * job[3]
        for mine, more in zip(counted, blundered, strict=True):
            mine.update(more)
        for spec, seconds in spent.items():
            times.setdefault(spec, []).extend(seconds)
        if chunk:
            low, high = wilson(wins, played)
            print(f"    ... {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  after {played} games", flush=True)
    return wins, played, counted


def show_pair(first: str, second: str, wins: float, played: int, counted: Counted, took: str = "") -> None:
    """A pair's line (``first``'s team win rate, Wilson interval), then a line per bot: its own seats' blunders
    a game."""
    low, high = wilson(wins, played)
    print(f"  {first:>14} vs {second:<14} {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  {played} games{took}",
          flush=True)
    for bot, blundered in zip((first, second), counted, strict=True):
        print(f"  {'':>14}    {bot + ' seats, a game:':<30}"
              + "  ".join(f"{label} {blundered[key] / played:.3f}" for key, label in BLUNDERS.items()), flush=True)


def tournament(agents: list[str], games: int, seed: int, times: dict[str, list[float]], chunk: int = 0,
               pool: ProcessPoolExecutor | None = None) -> None:
    print(f"(1) tournament: {games} games each way round per pair and ruleset; the left bot's "
          "team win rate against the right bot's, Wilson 95% interval")
    pooled: dict[tuple[str, str], float] = {}
    for index, (label, ruleset) in enumerate(RULESETS):
        print(f"\n{label} ({ruleset.fingerprint})")
        for first, second in itertools.combinations(agents[::-1], 2):  # the later (stronger) bot on the left
            start = time.perf_counter()
            wins, played, counted = duel(index, first, second, games, seed, times, chunk, pool)
            pooled[first, second] = pooled.get((first, second), 0.0) + wins
            show_pair(first, second, wins, played, counted, f", {time.perf_counter() - start:.0f} s")
    if len(RULESETS) > 1:
        played = 2 * games * len(RULESETS)
        print(f"\nall {len(RULESETS)} rulesets pooled")
        for (first, second), wins in pooled.items():
            low, high = wilson(wins, played)
            print(f"  {first:>14} vs {second:<14} {wins / played:6.1%}  [{low:.1%}, {high:.1%}]  {played} games")


Games = tuple[float, int, Counted]  # the first bot's wins (a tie half), the games, each bot's seats' blunders


def count_file(path: str) -> dict[tuple[str, str, str, str], Games]:
    """The games of a file of records (``gouji simulate --records`` of this release or an earlier one) by ruleset
    (id, fingerprint) and the bots at seats 0, 2, 4 and at 1, 3, 5, each game re-played on this engine and
    counted as the tournament counts a game it plays. ValueError says where a record cannot be read, does not
    re-play or is not of two bots, one a team."""
    found: dict[tuple[str, str, str, str], Games] = {}
    try:
        for entry in read_records(Path(path)):
            where = f"{path}:{entry.line}"
            if entry.error is not None:
                raise ValueError(entry.error.render(where))
            try:
                replayed = replay(entry.record)
            except RecordError as error:
                raise ValueError(error.render(where)) from None
            game = replayed.game
            if not replayed.ok or game is None or game.places is None:
                raise ValueError(f"{where}: error: the game does not re-play: it diverges at {replayed.divergence}")
            headers = entry.record.get("headers")
            players = headers.get("players") if isinstance(headers, dict) else None
            if not isinstance(players, list) or len(players) != 6 or players != players[:2] * 3:
                raise ValueError(f"{where}: error: not a game of two bots, one at seats 0, 2, 4 and one at 1, 3, 5 "
                                 f"(its players: {players!r})")
            result = Simulation()
            result.count(game, game.ruleset.rules.score)
            key = (game.ruleset.id, game.ruleset.fingerprint, str(players[0]), str(players[1]))
            wins, games, counted = found.get(key, (0.0, 0, [Counter[str](), Counter[str]()]))
            count_seats(result, 0, counted)
            found[key] = (wins + result.wins[0] + result.wins[2] / 2, games + 1, counted)
    except RecordFileError as error:
        raise ValueError(f"{path}: error: {error}") from None
    return found


def from_records(paths: list[str], pool: ProcessPoolExecutor | None = None) -> None:
    """The tournament's table from the games of ``paths`` (:func:`count_file`), read in ``pool`` when given: a
    pair's games under one ruleset counted together whichever bot sat at seats 0, 2, 4, the bot at those seats in
    the first file on the left."""
    done = pool.map(count_file, paths) if pool is not None else map(count_file, paths)
    tables: dict[tuple[str, str], dict[tuple[str, str], Games]] = {}
    for found in done:
        for (label, fingerprint, first, second), (wins, games, counted) in found.items():
            pairs = tables.setdefault((label, fingerprint), {})
            if (second, first) in pairs:
                first, second, wins, counted = second, first, games - wins, counted[::-1]
            before, played, blundered = pairs.get((first, second), (0.0, 0, [Counter[str](), Counter[str]()]))
            for mine, more in zip(blundered, counted, strict=True):
                mine.update(more)
            pairs[first, second] = (before + wins, played + games, blundered)
    print(f"(1) tournament from the records of {len(paths)} files, each game re-played on this engine; the left "
          "bot's team win rate against the right bot's, Wilson 95% interval")
    for (label, fingerprint), pairs in tables.items():
        print(f"\n{label} ({fingerprint})")
        for (first, second), (wins, played, counted) in pairs.items():
            show_pair(first, second, wins, played, counted)


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
    parser.add_argument("--records", nargs="+", metavar="FILE", default=[],
                        help="count the tournament from these files of records (gouji simulate --records) instead")
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
    if args.records:
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else contextlib.nullcontext() as pool:
            try:
                from_records(args.records, pool)
            except ValueError as error:
                print(error, file=sys.stderr)
                return 2
    elif args.games > 0:
        RULESETS[:] = house(args.house, args.seed) if args.house > 0 else \
            [(ruleset.id, ruleset) for ruleset in (load_ruleset(ref) for ref in args.rulesets.split(","))]
        chunk = max(args.chunk, 0) or (-(-args.games // (2 * args.workers)) if args.workers > 1 else 0)
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else contextlib.nullcontext() as pool:
            tournament(agents, args.games, args.seed, times, chunk, pool)
    if args.blunder_games > 0:
        blunders([load_ruleset(ref) for ref in ids], agents, args.blunder_games, args.seed, times)
    if any(times.values()):  # (none when the tournament was read from records and the table skipped)
        print("\nmedian decision time (CPU, one core):")
    for spec, spent in times.items():
        if spent:
            print(f"  {spec:<16}{statistics.median(spent) * 1000:8.2f} ms over {len(spent)} decisions, "
                  f"90th percentile {statistics.quantiles(spent, n=10)[-1] * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
