"""Timing figures for loading rulesets and starting the CLI (a script, not a test).

    python benchmarks/bench_rulesets.py [--runs 50] [--cli-runs 10]

For each built-in ruleset: the warm time of load + validate + compile, that is
``compile_path`` with a fresh :class:`Catalog` (so a fresh resolver, catalogue
scan and YAML loads) per run, after one warm-up run in the same process (which
pays the one-off imports, grammar and validator construction). Then the wall
time of ``gouji list`` as a subprocess, interpreter start-up included, next to
``python -c pass`` for reference. Prints a table and PASS/MISS per target.
Standard library only, apart from the package under test.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from gouji_variants.catalog import Catalog
from gouji_variants.compiler import compile_path

COMPILE_TARGET_MS = 20.0
CLI_TARGET_S = 0.5


def _times(run: Callable[[], object], runs: int) -> list[float]:
    """Seconds per call of ``run``, ``runs`` times."""
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def _command(args: Sequence[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    return run


def _gouji() -> list[str]:
    """The ``gouji`` script of the running interpreter's environment, else the entry point via ``-c``."""
    script = Path(sys.executable).parent / "gouji"
    if script.is_file():
        return [str(script)]
    found = shutil.which("gouji")
    if found:
        return [found]
    return [sys.executable, "-c", "from gouji_variants.cli import main; main()"]


def _verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "MISS"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="compile runs per ruleset (default 50)")
    parser.add_argument("--cli-runs", type=int, default=10, help="subprocess runs (default 10)")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]} ({sys.executable})")
    print(f"{'what':<34} {'median':>10} {'min':>10} {'target':>10}  result")
    rows_missed = 0

    for entry in Catalog.default().entries():
        compile_path(entry.path, Catalog.default())  # warm-up: imports, grammars, validator

        def run(path: Path = entry.path) -> object:
            return compile_path(path, Catalog.default())

        ms = [t * 1000 for t in _times(run, args.runs)]
        median = statistics.median(ms)
        verdict = _verdict(median, COMPILE_TARGET_MS)
        rows_missed += verdict == "MISS"
        print(f"{'compile ' + entry.id + ' (warm)':<34} {median:>8.2f}ms {min(ms):>8.2f}ms "
              f"{'≤ ' + format(COMPILE_TARGET_MS, 'g') + 'ms':>10}  {verdict}")

    for label, command, target in (
        ("python -c pass", [sys.executable, "-c", "pass"], None),
        ("gouji list (subprocess)", _gouji() + ["list"], CLI_TARGET_S),
    ):
        _command(command)()  # warm-up: byte-code, disk cache
        seconds = _times(_command(command), args.cli_runs)
        median = statistics.median(seconds)
        if target is None:
            print(f"{label:<34} {median * 1000:>8.1f}ms {min(seconds) * 1000:>8.1f}ms {'':>10}  (reference)")
            continue
        verdict = _verdict(median, target)
        rows_missed += verdict == "MISS"
        print(f"{label:<34} {median * 1000:>8.1f}ms {min(seconds) * 1000:>8.1f}ms "
              f"{'≤ ' + format(target * 1000, 'g') + 'ms':>10}  {verdict}")

    print("all targets met" if not rows_missed else f"{rows_missed} target(s) missed")
    return 1 if rows_missed else 0


if __name__ == "__main__":
    sys.exit(main())
