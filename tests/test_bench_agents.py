"""benchmarks/bench_agents.py runs short: the tournament with Wilson intervals, the blunder table
and the decision times, with bots taken by spec from the registry."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

from gouji_variants.agents.registry import PLAYERS

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_agents.py"


@pytest.mark.thorough
def test_a_short_run_prints_both_tables(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--games", "1", "--rulesets", "jining", "--agents",
                                      "random,search:1", "--blunder-games", "1", "--blunder-rulesets", "bie3"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(BENCH), run_name="__main__")
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "search:1 vs random" in out and "2 games" in out and "[" in out  # the win rate's interval
    assert "开点 failures" in out and "落四 give-ups" in out and "大小王不出手" in out
    assert "bie3" in out and "search:1" in out.split("median decision time", 1)[1]


def test_bad_bots_are_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--agents", "random,oracle"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(BENCH), run_name="__main__")
    assert done.value.code == 2
    assert "unknown agent 'oracle'" in capsys.readouterr().err and "oracle" not in PLAYERS


def test_a_chunked_tournament_prints_its_running_rate(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--games", "2", "--chunk", "1", "--rulesets", "dagang",
                                      "--agents", "random,basic", "--blunder-games", "0"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(BENCH), run_name="__main__")
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "after 2 games" in out and "after 4 games" in out and "basic vs random" in out and "4 games" in out


def test_house_rulesets_in_two_processes_pool_their_rates(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--games", "2", "--house", "2", "--workers", "2",
                                      "--agents", "random,basic", "--blunder-games", "0", "--seed", "4"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(BENCH), run_name="__main__")
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "house-0 (" in out and "house-1 (" in out and "all 2 rulesets pooled" in out
    assert out.count("basic vs random") == 3 and "8 games" in out  # two rulesets and the pool
    assert "basic " in out.split("median decision time", 1)[1]  # the workers' decision times came back
