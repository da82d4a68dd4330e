"""Engine speed and memory for random self-play on dagang, one core (a script, not a test).

    python benchmarks/bench_engine.py [--seconds 5] [--runs 3] [--games 10000] [--memory]
                                      [--rlcard PYTHON] [--openspiel PYTHON] [--engines pure,compiled]

Speed: games of uniformly random agents, back to back as one match (tribute and lead
carried), for ``--seconds`` per run; the median of ``--runs`` runs is printed as games/s
and decisions/s (a decision is an agent's choice; passes the engine takes for a seat that
cannot beat are counted apart as forced steps). Two paths: *sampling*, the agent draws its
action without listing every lead (``RandomAgent``, whose draws ``play_out`` has the game make
without handing it a view, as ``gouji simulate --agents random`` does), and
*listing*, the agent chooses uniformly among ``view.legal_actions()`` at every decision (what
a search bot or a learning environment does). Each engine (the compiled core and the
pure-Python one, ``GOUJI_ENGINE``; docs/compiled-core.md) runs in its own child process.
``--rlcard PYTHON`` runs ../shared/anchors/rlcard_doudizhu_raw.py with that interpreter (a venv
with rlcard==1.2.0 and numpy) and ``--openspiel PYTHON`` ../shared/anchors/openspiel_doudizhu.py
(a venv with open_spiel), in the same sitting, to print the ratios. ``--games N`` plays N games
and counts failures (an exception, cards not conserved, places not a permutation). ``--memory``
runs ``gouji simulate -n 100000 --agents random --records FILE`` (``--memory-games``), its games
played by worker processes, and reads the peak resident memory of each of its processes
(``bench_parallel.peak_memory``). Standard library only, apart from the package under test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_parallel import peak_memory

from gouji_variants import enginecore
from gouji_variants.engine import Action, Agent, Match, RandomAgent, SeatView, play_out
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.invariants import checked_run
from gouji_variants.runs.parallel import available_cores

DECISIONS_TARGET = 50_000
GAMES_TARGET = 100
MEMORY_TARGET_MB = 200
ANCHORS = Path(__file__).resolve().parents[1].parent / "shared" / "anchors"
PATHS = ("sampling", "listing")


class ListingAgent:
    """Uniformly random among every legal action, listed at each decision (a search bot's or a
    learning environment's way)."""

    name = "listing"

    def act(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


def speed_run(seconds: float, seed: int, path: str = "sampling") -> tuple[float, float, float]:
    """Games/s, decisions/s and forced steps/s over about ``seconds``."""
    ruleset = load_ruleset("dagang")
    match = Match(ruleset, seed)
    agents: list[Agent] = [RandomAgent() if path == "sampling" else ListingAgent()] * 6
    rng = random.Random(seed)
    games = decisions = forced = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game = match.new_game()
        decisions += play_out(game, agents, rng)
        forced += game.stats["forced"]
        match.record(game)
        match.games.clear()
        games += 1
    return games / elapsed, decisions / elapsed, forced / elapsed


def failure_run(games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` games of one match; the number of failures and the seconds taken."""
    run = checked_run(load_ruleset("dagang"), games, seed)
    for failure in run.failures:
        print(f"  {failure}", file=sys.stderr)
    return len(run.failures), run.seconds


def peak_memory_mb(games: int) -> float:
    """Peak resident memory of ``gouji simulate -n games`` (its main process or a worker, the larger), in MB."""
    main_mb, worker_mb, _, _ = peak_memory(games, available_cores())
    return max(main_mb, worker_mb)


def anchor(python: str, script: str) -> tuple[float, float] | None:
    """Games/s and decisions/s of an anchor script run with ``python``."""
    out = subprocess.run([python, str(ANCHORS / script)], check=True, capture_output=True, text=True).stdout
    found = re.search(r"([\d.]+) games/s, (\d+) decisions/s", out)
    return (float(found.group(1)), float(found.group(2))) if found else None


def measure(seconds: float, runs: int) -> dict[str, list[float]]:
    """Per path, the medians of ``runs`` runs: games/s, decisions/s, forced passes/s."""
    found = {}
    for path in PATHS:
        done = [speed_run(seconds, seed, path) for seed in range(runs)]
        found[path] = [statistics.median(run[column] for run in done) for column in range(3)]
    return found


def engine_run(engine: str, seconds: float, runs: int) -> dict[str, list[float]]:
    """:func:`measure` in a child process running ``engine`` (``GOUJI_ENGINE``)."""
    out = subprocess.run([sys.executable, __file__, "--child", "--seconds", str(seconds), "--runs", str(runs)],
                         check=True, capture_output=True, text=True, env={**os.environ, "GOUJI_ENGINE": engine}).stdout
    result: dict[str, list[float]] = json.loads(out)
    return result


def mark(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one speed run")
    parser.add_argument("--runs", type=int, default=3, help="speed runs (the median is printed)")
    parser.add_argument("--games", type=int, default=0, help="also play this many games and count failures")
    parser.add_argument("--memory", action="store_true", help="peak memory of 'gouji simulate -n 100000'")
    parser.add_argument("--memory-games", type=int, default=100_000, help="games of --memory")
    parser.add_argument("--rlcard", metavar="PYTHON", help="interpreter with rlcard 1.2.0, for the reference ratio")
    parser.add_argument("--openspiel", metavar="PYTHON", help="interpreter with open_spiel, for the reference ratio")
    parser.add_argument("--engines", default=",".join(enginecore.ENGINES if enginecore.built() else ("pure",)),
                        help="engines to measure, each in a child process (default: those built here)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.seconds, args.runs)))
        return

    results = {engine: engine_run(engine, args.seconds, args.runs) for engine in args.engines.split(",")}
    anchors = {name: anchor(python, script) for name, python, script in (
        ("RLCard", args.rlcard, "rlcard_doudizhu_raw.py"), ("OpenSpiel", args.openspiel, "openspiel_doudizhu.py"))
        if python}
    print(f"random self-play on dagang, one core, median of {args.runs} runs of {args.seconds:g} s, same sitting:")
    for name, reference in anchors.items():
        if reference:
            print(f"  {name} doudizhu: {reference[0]:,.0f} games/s, {reference[1]:,.0f} decisions/s")
    for engine, result in results.items():
        for path in PATHS:
            games_s, decisions_s, forced_s = result[path]
            ratios = "".join(f", {decisions_s / reference[1]:.2f}x {name}" for name, reference in anchors.items()
                             if reference)
            print(f"  {engine:8} {path:8}: {games_s:,.0f} games/s, {decisions_s:,.0f} decisions/s{ratios}"
                  f" (+{forced_s:,.0f} forced passes/s)")
    sampling = max(result["sampling"][1] for result in results.values())
    games_s = max(result["sampling"][0] for result in results.values())
    print(f"  fastest sampling: {games_s:,.0f} games/s (target >= {GAMES_TARGET}: {mark(games_s >= GAMES_TARGET)}), "
          f"{sampling:,.0f} decisions/s (target >= {DECISIONS_TARGET:,}: {mark(sampling >= DECISIONS_TARGET)})")
    rlcard = anchors.get("RLCard")
    if rlcard:
        listing = max(result["listing"][1] for result in results.values())
        print(f"  issue 15 targets: sampling >= 9x RLCard: {mark(sampling >= 9 * rlcard[1])}; "
              f"listing >= 4.5x RLCard: {mark(listing >= 4.5 * rlcard[1])}")
    if args.games:
        failures, seconds = failure_run(args.games, 12345)
        print(f"  {args.games:,} games in {seconds:.1f} s: {failures} failures ({mark(failures == 0)})")
    if args.memory:
        peak = peak_memory_mb(args.memory_games)
        print(f"  peak memory of 'gouji simulate -n {args.memory_games}': {peak:.0f} MB "
              f"(target <= {MEMORY_TARGET_MB} MB: {mark(peak <= MEMORY_TARGET_MB)})")


if __name__ == "__main__":
    main()
