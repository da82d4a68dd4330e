"""The long run of issue 22: generated house rulesets, each played a whole match, checked at every decision.

    python benchmarks/bench_house_rulesets.py [--rulesets 2000] [--games 20] [--seed 0] [--workers 2]
                                              [--mix 0] [--every 1] [--out house-failures]

Draws ``--rulesets`` house rulesets from the tests' Hypothesis strategy (``tests/strategies``: a built-in
base, option packs, overrides of schema keys with grammar-aware expressions, as much as compiles), seeded by
``--seed``; plays ``--games`` games of each as one match (seat s a heuristic bot when bit s of ``--mix`` is
set, else a random one), checking listing against accepting every ``--every``-th decision, cards after every
step, places, the match's carry and the replay of every record (``strategies.play``). Prints rulesets tried,
games played and failures; each failing ruleset is written to ``--out`` with its failures. Exit 1 on any.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from strategies import compile_house, document_text, house_documents  # noqa: E402
from strategies.play import checked_match  # noqa: E402


def draw(count: int, at: int) -> list[dict[str, Any]]:
    """``count`` house ruleset documents, the same ones for the same seed ``at``."""
    found: list[dict[str, Any]] = []

    @seed(at)
    @settings(max_examples=count, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(house_documents())
    def collect(document: dict[str, Any]) -> None:
        found.append(document)

    collect()
    return found[:count]


def run_one(job: tuple[int, dict[str, Any], int, int, int, int]) -> tuple[int, int, list[str], str]:
    """One ruleset's match: (its index, games played, failures, its YAML)."""
    index, document, games, at, mix, every = job
    try:
        ruleset = compile_house(document)
    except Exception as error:  # noqa: BLE001 - a base that does not compile is a failure too
        return index, 0, [f"does not compile: {error}"], str(document)
    return index, games, checked_match(ruleset, games, at + index, mix, every), document_text(ruleset)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", type=int, default=2000, help="house rulesets drawn (default 2000)")
    parser.add_argument("--games", type=int, default=20, help="games per ruleset, one match (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the rulesets drawn and the games (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--mix", type=int, default=0, help="seats played by the heuristic bot, a bit each (default 0)")
    parser.add_argument("--every", type=int, default=1, help="check listing against accepting every n-th decision")
    parser.add_argument("--out", type=Path, default=Path("house-failures"), help="where failing rulesets go")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    documents = draw(args.rulesets, args.seed)
    print(f"drew {len(documents)} house rulesets in {time.perf_counter() - start:.1f}s", flush=True)
    jobs = [(index, document, args.games, args.seed, args.mix, args.every) for index, document in enumerate(documents)]
    tried = played = failed = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for index, games, failures, text in pool.map(run_one, jobs, chunksize=4):
            tried, played = tried + 1, played + games
            if failures:
                failed += 1
                args.out.mkdir(parents=True, exist_ok=True)
                comments = "".join(f"# {line}\n" for failure in failures for line in failure.splitlines())
                (args.out / f"house-{index}.yaml").write_text(comments + text, encoding="utf-8")
                print(f"ruleset {index}: {len(failures)} failure(s), first: {failures[0]}", flush=True)
            if tried % 100 == 0:
                print(f"… {tried} rulesets, {played} games, {failed} failing, "
                      f"{time.perf_counter() - start:.0f}s", flush=True)
    print(f"rulesets tried: {tried}; games played: {played}; failing rulesets: {failed}"
          f"{f' (written to {args.out})' if failed else ''}; {time.perf_counter() - start:.0f}s "
          f"with {args.workers} worker(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
