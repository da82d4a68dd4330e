"""benchmarks/bench_agents.py runs short: the tournament with Wilson intervals, the blunder table
and the decision times, with bots taken by spec from the registry."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

from gouji_variants.agents.registry import PLAYERS, make_agent
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.simulate import simulate

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


def write_records(path: Path, ruleset: str, games: int, seed: int, seating: tuple[str, ...]) -> None:
    """The records of ``games`` games of one match, the bots ``seating`` seat by seat, one a line in ``path``."""
    with path.open("w", encoding="utf-8") as out:
        simulate(load_ruleset(ruleset), games, seed, [make_agent(spec) for spec in seating],
                 keep=lambda record: print(json.dumps(record, ensure_ascii=False), file=out))


def test_records_of_the_same_games_count_as_the_tournament_does(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """--records re-plays the games of record files and counts them as the tournament counts the games it plays:
    the same games (one match each way from the match seed) give the same lines."""
    def run(*args: str) -> list[str]:
        monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--agents", "random,basic", "--blunder-games", "0",
                                          "--seed", "3", *args])
        with pytest.raises(SystemExit) as done:
            runpy.run_path(str(BENCH), run_name="__main__")
        assert done.value.code == 0
        out = capsys.readouterr().out.split("median decision time", 1)[0]
        return [line.split(", ", 1)[0] if " vs " in line else line for line in out.splitlines() if "  " in line]

    played = run("--games", "3", "--rulesets", "jining")
    files = [tmp_path / "basic-first.jsonl", tmp_path / "random-first.jsonl"]
    write_records(files[0], "jining", 3, 3, ("basic", "random") * 3)
    write_records(files[1], "jining", 3, 3, ("random", "basic") * 3)
    counted = run("--records", *map(str, files))
    assert counted == played and len(played) == 3  # the pair's line and a line per bot
    assert "basic seats, a game:" in played[1] and "开点 failures" in played[1] and "闷" in played[2]


def test_records_that_do_not_replay_are_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad, mixed = tmp_path / "bad.jsonl", tmp_path / "mixed.jsonl"
    bad.write_text('{"format": "gouji-game/2"}\n', encoding="utf-8")
    write_records(mixed, "dagang", 1, 1, ("basic", "random", "basic", "random", "random", "basic"))  # not one a team
    for path, message in ((bad, f"{bad}:1: error"), (mixed, f"{mixed}:1: error: not a game of two bots")):
        monkeypatch.setattr(sys, "argv", ["bench_agents.py", "--records", str(path), "--blunder-games", "0"])
        with pytest.raises(SystemExit) as done:
            runpy.run_path(str(BENCH), run_name="__main__")
        assert done.value.code == 2
        assert message in capsys.readouterr().err
