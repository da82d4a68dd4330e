"""Timing figures for loading rulesets and starting the CLI (a script, not a test).

    python benchmarks/bench_rulesets.py [--runs 50] [--cli-runs 10]

For each built-in ruleset: the warm time of load + validate + compile, that is
``compile_path`` with a fresh :class:`Catalog` (so a fresh resolver, catalogue
scan and YAML loads) per run, after one warm-up run in the same process (which
pays the one-off imports, grammar and validator construction). Then the wall
time of ``gouji list`` as a subprocess, interpreter start-up included, next to
``python -c pass`` for reference. Prints a table and PASS/MISS per target.
The "YAML parsed afresh" rows empty the parsed-YAML cache before each run: the
cost when every file is new to the process.
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

from gouji_variants.ruleset import yamlsource
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path

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


def _row(label: str, ms: list[float], target_ms: float | None) -> bool:
    """Print one line of the table; whether it misses its target."""
    median = statistics.median(ms)
    if target_ms is None:
        print(f"{label:<40} {median:>8.2f}ms {min(ms):>8.2f}ms {'':>10}  (reference)")
        return False
    missed = median > target_ms
    print(f"{label:<40} {median:>8.2f}ms {min(ms):>8.2f}ms {'≤ ' + format(target_ms, 'g') + 'ms':>10}  "
          f"{'MISS' if missed else 'PASS'}")
    return missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="compile runs per ruleset (default 50)")
    parser.add_argument("--cli-runs", type=int, default=10, help="subprocess runs (default 10)")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]} ({sys.executable})")
    print(f"{'what':<40} {'median':>10} {'min':>10} {'target':>10}  result")
    missed = 0

    for entry in Catalog.default().entries():
        compile_path(entry.path, Catalog.default())  # warm-up: imports, grammars, validator, parsed YAML

        def run(path: Path = entry.path) -> object:
            return compile_path(path, Catalog.default())

        def reparse(path: Path = entry.path) -> object:
            yamlsource._compose.cache_clear()  # as if every file were new to the process
            return compile_path(path, Catalog.default())

        missed += _row(f"compile {entry.id} (warm)", [t * 1000 for t in _times(run, args.runs)], COMPILE_TARGET_MS)
        _row(f"compile {entry.id} (YAML parsed afresh)", [t * 1000 for t in _times(reparse, args.runs)], None)

    for label, command, target_s in (
        ("python -c pass", [sys.executable, "-c", "pass"], None),
        ("gouji list (subprocess)", [*_gouji(), "list"], CLI_TARGET_S),
    ):
        _command(command)()  # warm-up: byte-code, disk cache
        ms = [t * 1000 for t in _times(_command(command), args.cli_runs)]
        missed += _row(label, ms, None if target_s is None else target_s * 1000)

    print("all targets met" if not missed else f"{missed} target(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
