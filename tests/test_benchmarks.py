"""Every script in benchmarks/ runs: each with tiny arguments (a few games, a fraction of a second), in a process
of its own, ending without a traceback and printing its table. Their real figures are measured by hand and kept
in the closing notes and the CHANGELOG; a target missed on a busy machine is the script's exit code 1, not a
failure here. In the thorough run (``pytest --thorough``), which CI makes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gouji_variants import enginecore

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
#: script -> (tiny arguments, a line its output holds)
RUNS: dict[str, tuple[list[str], str]] = {
    "bench_action.py": (["--actions", "30", "--runs", "1"], "cpu ms per action"),
    "bench_builtin.py": (["--games", "3", "dagang"], "dagang"),
    "bench_engine.py": (["--seconds", "0.2", "--runs", "1"], "sampling"),
    "bench_env.py": (["--seconds", "0.2", "--runs", "1"], "steps/s"),
    "bench_house_rulesets.py": (["--rulesets", "2", "--games", "2", "--out", "{tmp}/failures"], "rulesets tried: 2"),
    "bench_instructions.py": (["--games", "1", "--warm", "1"], "instructions"),
    "bench_memory.py": (["--rulesets", "10", "--every", "5", "--warm-up", "5"], "per 1,000 rulesets"),
    "bench_parallel.py": (["--games", "10", "--max-workers", "2"], "same totals"),
    "bench_policy.py": (["--games", "2", "--search", "search:3", "--search-games", "1"], "worlds per contested"),
    "bench_rooms.py": (["--rooms", "2", "--seconds", "3", "--workers", "1", "--pace", "0.2"], "MB per room"),
    "bench_rulesets.py": (["--runs", "1", "--cli-runs", "1"], "compile dagang"),
    "bench_search_truth.py": (["--games", "1", "--search", "search:3"], "contested decisions"),
}


def test_every_benchmark_has_a_tiny_run() -> None:
    """(bench_agents.py's short run is test_bench_agents.py's, which also reads its tables.)"""
    assert sorted([*RUNS, "bench_agents.py"]) == sorted(path.name for path in BENCHMARKS.glob("*.py"))


@pytest.mark.thorough
@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_benchmark_runs(script: str, tmp_path: Path) -> None:
    if script == "bench_instructions.py" and shutil.which("valgrind") is None:
        pytest.skip("bench_instructions.py counts instructions with valgrind, which is not installed")
    arguments, shown = RUNS[script]
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *(a.format(tmp=tmp_path) for a in arguments)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1), (done.returncode, done.stdout, done.stderr)  # 1: a target missed
    assert shown in done.stdout, done.stdout


def _digest(engine: str, tmp_path: Path) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_policy.py"), "--digest", "8"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600,
                          env={**os.environ, "PYTHONHASHSEED": "0", "GOUJI_ENGINE": engine})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_the_heuristics_digest_is_the_same_in_both_engines(tmp_path: Path) -> None:
    """``bench_policy.py --digest`` (what a speed change of the heuristic must keep) hashes the same choices and
    reasons each run, in the pure engine and, where it is built, the compiled one."""
    pure = _digest("pure", tmp_path)
    assert pure.startswith("heuristic's choices in 8 games: ") and len(pure.split()[-1]) == 64
    assert _digest("pure", tmp_path) == pure
    if enginecore.built():
        assert _digest("compiled", tmp_path) == pure
