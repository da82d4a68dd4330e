"""Engine speed and memory for random self-play on dagang, one core (a script, not a test).

    python benchmarks/bench_engine.py [--seconds 5] [--runs 3] [--games 10000] [--memory] [--rlcard PYTHON]

Speed: games of uniformly random agents, back to back as one match (tribute and lead
carried), for ``--seconds`` per run; the median of ``--runs`` runs is printed as games/s
and decisions/s (a decision is an agent's choice; passes the engine takes for a seat that
cannot beat are counted apart as forced steps). ``--games N`` plays N games and counts
failures (an exception, cards not conserved, places not a permutation). ``--memory``
runs ``gouji simulate -n 100000 --agents random --records FILE`` (``--memory-games``), its games
played by worker processes, and reads the peak resident memory of each of its processes
(``bench_parallel.peak_memory``). ``--rlcard PYTHON`` runs ../shared/anchors/rlcard_doudizhu_raw.py
with that interpreter (a venv with rlcard==1.2.0 and numpy) to quote a ratio measured in
the same sitting. Standard library only, apart from the package under test.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_parallel import peak_memory

from gouji_variants.compiler import load_ruleset
from gouji_variants.engine import Match, RandomAgent, play_out
from gouji_variants.engine.invariants import checked_run
from gouji_variants.engine.parallel import available_cores

DECISIONS_TARGET = 50_000
GAMES_TARGET = 100
MEMORY_TARGET_MB = 200
ANCHOR = Path(__file__).resolve().parents[1].parent / "shared" / "anchors" / "rlcard_doudizhu_raw.py"


def speed_run(seconds: float, seed: int) -> tuple[float, float, float]:
    """Games/s, decisions/s and forced steps/s over about ``seconds``."""
    ruleset = load_ruleset("dagang")
    match = Match(ruleset, seed)
    agents = [RandomAgent()] * 6
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


def rlcard(python: str) -> tuple[float, float] | None:
    out = subprocess.run([python, str(ANCHOR)], check=True, capture_output=True, text=True).stdout
    found = re.search(r"([\d.]+) games/s, (\d+) decisions/s", out)
    return (float(found.group(1)), float(found.group(2))) if found else None


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
    args = parser.parse_args()

    runs = [speed_run(args.seconds, seed) for seed in range(args.runs)]
    games_s = statistics.median(run[0] for run in runs)
    decisions_s = statistics.median(run[1] for run in runs)
    forced_s = statistics.median(run[2] for run in runs)
    print(f"random self-play on dagang, one core, median of {args.runs} runs of {args.seconds:g} s:")
    print(f"  {games_s:,.0f} games/s (target >= {GAMES_TARGET}: {mark(games_s >= GAMES_TARGET)})")
    print(f"  {decisions_s:,.0f} decisions/s (target >= {DECISIONS_TARGET:,}: {mark(decisions_s >= DECISIONS_TARGET)})"
          f"; plus {forced_s:,.0f} forced passes/s taken by the engine")
    if args.rlcard:
        reference = rlcard(args.rlcard)
        if reference:
            print(f"  RLCard doudizhu raw engine, same sitting: {reference[0]:,.0f} games/s, "
                  f"{reference[1]:,.0f} decisions/s — ratio {decisions_s / reference[1]:.2f}x in decisions/s")
    if args.games:
        failures, seconds = failure_run(args.games, 12345)
        print(f"  {args.games:,} games in {seconds:.1f} s: {failures} failures ({mark(failures == 0)})")
    if args.memory:
        peak = peak_memory_mb(args.memory_games)
        print(f"  peak memory of 'gouji simulate -n {args.memory_games}': {peak:.0f} MB "
              f"(target <= {MEMORY_TARGET_MB} MB: {mark(peak <= MEMORY_TARGET_MB)})")


if __name__ == "__main__":
    main()
