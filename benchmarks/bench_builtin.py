"""Every built-in ruleset and option pack, played: random self-play with the invariants checked
after every game, and the rule statistics that show each ruleset's rules firing (a script,
not a test; the test suite runs the same check with fewer games).

    python benchmarks/bench_builtin.py [--games 2000] [--seed 1] [RULESET ...]

An option pack is played as compiled on its own, that is on top of dagang. Exit status 1
when any game fails (an exception, cards not conserved, places not a permutation, a score
that does not follow from the places).
"""

from __future__ import annotations

import argparse
import sys

from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.runs.invariants import checked_run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("rulesets", nargs="*", help="ids (default: every built-in ruleset)")
    args = parser.parse_args()
    ids = args.rulesets or [entry.id for entry in Catalog((RULESETS_DIR,)).entries()]
    failed = 0
    print(f"{'ruleset':<16}{'games':>7}{'failures':>10}{'games/s':>9}  rules that fired (count over all games)")
    for ruleset_id in ids:
        run = checked_run(load_ruleset(ruleset_id), args.games, args.seed)
        fired = ", ".join(f"{key} {count}" for key, count in sorted(run.stats.items()) if count and key != "forced")
        print(f"{ruleset_id:<16}{run.games:>7}{len(run.failures):>10}{run.games / run.seconds:>9.0f}  {fired}")
        for failure in run.failures[:5]:
            print(f"    {failure}", file=sys.stderr)
        failed += bool(run.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
