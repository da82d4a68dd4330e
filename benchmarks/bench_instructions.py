"""Instructions per game, counted by callgrind: a speed figure that does not depend on the load.

    python benchmarks/bench_instructions.py [--games 100] [--warm 1000] [--python PY ...]

For each interpreter (``--python``, default this one; give several to compare two checkouts in one
sitting, e.g. a build of the previous release), plays ``--warm`` random games on dagang as one match
and then ``--games`` more, under ``valgrind --tool=callgrind``, and prints the instructions of the
``--games`` games (the count of the whole run less that of the warm-up alone) on the two paths of
``bench_engine.py``: *sampling* (``RandomAgent``, drawn by the game) and *listing* (a uniform choice
among ``view.legal_actions()``). ``PYTHONHASHSEED=0`` makes the count repeatable. Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

#: plays N games of one match on a path; imports both this release's paths and 0.2.0's
DRIVER = """
import random, sys
try:
    from gouji_variants.ruleset.compiler import load_ruleset
except ImportError:
    from gouji_variants.compiler import load_ruleset
from gouji_variants.engine import Match, RandomAgent, play_out

class Listing:
    name = "listing"
    def act(self, view, rng):
        return rng.choice(view.legal_actions())

path, games = sys.argv[1], int(sys.argv[2])
agent = RandomAgent() if path == "sampling" else Listing()
match, rng = Match(load_ruleset("dagang"), 1), random.Random(1)
match.play([agent] * 6, games, rng)
"""


def instructions(python: str, path: str, games: int) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", DRIVER, path,
                        str(games)], check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"^summary: (\d+)", out.read_text(encoding="utf-8"), flags=re.M)
        assert found, "callgrind wrote no summary"
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--warm", type=int, default=1000)
    parser.add_argument("--python", action="append", help="an interpreter with gouji_variants (default: this one)")
    args = parser.parse_args()
    for python in args.python or [sys.executable]:
        engine = subprocess.run([python, "-c", "import gouji_variants as g; print(g.ENGINE)"], check=True,
                                capture_output=True, text=True).stdout.strip()
        for path in ("sampling", "listing"):
            warm = instructions(python, path, args.warm)
            total = instructions(python, path, args.warm + args.games)
            print(f"{python} ({engine}) {path}: {(total - warm) / 1e6:,.1f} M instructions for {args.games} games "
                  f"after {args.warm}", flush=True)


if __name__ == "__main__":
    main()
