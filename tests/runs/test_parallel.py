"""Parallel simulation (issue 15): a run cut into matches of 100, the same statistics and records whatever
the number of workers, untrusted --workers refused, a failed worker and Ctrl-C ending cleanly."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from run_helpers import TIMINGS, gouji, interrupted

from gouji_variants.agents.registry import make_agents
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs import parallel
from gouji_variants.runs.parallel import CHUNK_GAMES, Chunk, Processes, WorkerError, check_workers, chunk_seed, cut
from gouji_variants.runs.simulate import simulate, simulate_run
from gouji_variants.text.behaviour import behavioural_diff


def outcome(run: Any) -> dict[str, Any]:
    """A run's JSON without its timings."""
    return {key: value for key, value in run.to_json().items() if key not in TIMINGS}


def test_a_run_is_cut_into_matches_of_a_fixed_size() -> None:
    chunks = cut(250, 7)
    assert [chunk.games for chunk in chunks] == [CHUNK_GAMES, CHUNK_GAMES, 50]
    assert [chunk.index for chunk in chunks] == [0, 1, 2]
    assert chunks[0].seed == 7  # a run of up to 100 games is the one match the seed names
    assert chunk_seed(0, 1) == 5712496213455709518  # SHA-256: the same on every machine and Python
    assert len({chunk.seed for chunk in cut(10_000, 7)}) == 100
    assert list(cut(250, 7)) == list(chunks) and cut(250, 8)[1].seed != chunks[1].seed
    assert list(cut(1, 3)) == [Chunk(0, 3, 1)] and chunks[-1] == chunks[2] and chunks[1:] == [chunks[1], chunks[2]]
    endless = cut(10**15, 1)  # made when asked for: no memory for a run of any length
    assert len(endless) == 10**13 and endless[10**13 - 1].games == CHUNK_GAMES


def test_a_short_run_is_the_match_simulate_plays() -> None:
    ruleset, agents = load_ruleset("dagang"), make_agents("random")
    lines: list[str] = []
    assert outcome(simulate_run(ruleset, 60, 4, agents, write=lines.append)) == outcome(
        simulate(ruleset, 60, 4, agents))
    assert len(lines) == 60


@pytest.mark.parametrize("workers", [2, 3])
def test_the_same_statistics_and_records_whatever_the_workers(workers: int) -> None:
    ruleset, agents = load_ruleset("qingdao"), make_agents("heuristic,random")
    one: list[str] = []
    many: list[str] = []
    alone = simulate_run(ruleset, 230, 11, agents, Processes(1), write=one.append)
    together = simulate_run(ruleset, 230, 11, agents, Processes(workers), write=many.append)
    assert outcome(alone) == outcome(together) and alone.games == 230
    assert one == many and len(one) == 230
    # matches are independent: match 2 played alone gives the same records as within the run
    later: list[str] = []
    simulate(ruleset, 100, chunk_seed(11, 1), agents, keep=lambda record: later.append(json.dumps(record)))
    assert [json.loads(line) for line in one[100:200]] == [json.loads(line) for line in later]


@pytest.mark.parametrize("threads, method", [(1, "fork"), (2, "forkserver")])
def test_workers_start_forked_or_from_a_fork_server_with_the_same_results(
        threads: int, method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forked from a process with no other thread (Linux), else from a fork server: the same records."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this system")
    monkeypatch.setattr(parallel.sys, "platform", "linux")
    monkeypatch.setattr(parallel.threading, "active_count", lambda: threads)
    assert parallel._starter(simulate_run).get_start_method() == method
    ruleset, agents = load_ruleset("dagang"), make_agents("random")
    alone: list[str] = []
    together: list[str] = []
    simulate_run(ruleset, 150, 2, agents, Processes(1), write=alone.append)
    simulate_run(ruleset, 150, 2, agents, Processes(2), write=together.append)
    assert alone == together and len(alone) == 150


def test_cli_records_and_report_do_not_depend_on_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        records = tmp_path / f"w{workers}.jsonl"
        result = gouji("simulate", "-n", "210", "--agents", "random", "--seed", "3", "--workers", workers,
                       "--records", records, "--json")
        assert result.exit_code == 0, result.output
        outputs.append(({k: v for k, v in json.loads(result.stdout).items() if k not in TIMINGS},
                        records.read_bytes()))
    assert outputs[0] == outputs[1]
    assert outputs[0][0]["games"] == 210 and outputs[0][1].count(b"\n") == 210
    assert gouji("replay", tmp_path / "w2.jsonl").exit_code == 0


def test_behavioural_diff_does_not_depend_on_workers() -> None:
    a, b, agents = load_ruleset("dagang"), load_ruleset("qingdao"), make_agents("random")
    alone = behavioural_diff(a, b, 130, (2, 2), agents, backend=Processes(1))
    together = behavioural_diff(a, b, 130, (2, 2), agents, backend=Processes(2))
    assert alone.a.values == together.a.values and alone.b.values == together.b.values
    assert len(alone.a.values["decisions"]) == 130
    strip = {"seconds"}
    assert {k: v for k, v in alone.to_json().items() if k not in strip} == \
        {k: v for k, v in together.to_json().items() if k not in strip}
    cli = [gouji("diff", "dagang", "qingdao", "--simulate", "101", "--agents", "random", "--workers", w, "--json")
           for w in ("1", "2")]
    assert [r.exit_code for r in cli] == [1, 1]
    first, second = (json.loads(r.stdout)["behaviour"] for r in cli)
    assert {**first, "seconds": None} == {**second, "seconds": None}


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "0"], "error: --workers: must be at least 1, got 0"),
    (["--workers", "-4"], "error: --workers: must be at least 1, got -4"),
    (["--workers", "100000"], "error: --workers: 100000 is more than"),
    (["--workers", "two"], "'two' is not a valid integer"),
    (["--workers", "9" * 5000], "is not a valid integer"),
    (["--scheduler", "tcp://127.0.0.1:1"], "error: --scheduler needs --backend dask"),
    (["--backend", "dask", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "with --scheduler the cluster"),
    (["--backend", "ray"], "'ray' is not one of"),
])
@pytest.mark.parametrize("command", [["simulate", "-n", "5"], ["diff", "dagang", "qingdao", "--simulate", "5"]])
def test_untrusted_workers_and_backend_are_refused(command: list[str], args: list[str], message: str) -> None:
    result = gouji(*command, *args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_diff_scale_options_go_with_simulate() -> None:
    result = gouji("diff", "dagang", "qingdao", "--workers", "2")
    assert result.exit_code == 2 and "--workers, --backend, --scheduler and --retries go with --simulate" \
        in result.output
    result = gouji("diff", "dagang", "qingdao", "--simulate", "100001")
    assert result.exit_code == 2 and "100001 is not in the range 2<=x<=100000" in result.output


def test_check_workers_bounds() -> None:
    assert check_workers(1) == 1
    with pytest.raises(ValueError, match="at least 1"):
        check_workers(0)


def crashes(_context: Any, chunk: Chunk, _step: Callable[[Any], None]) -> int:
    """A task whose second match kills its worker process outright."""
    if chunk.index == 1:
        os._exit(3)
    return chunk.index


def raises(_context: Any, chunk: Chunk, _step: Callable[[Any], None]) -> int:
    if chunk.index == 2:
        raise ValueError("no such card")
    return chunk.index


def test_a_worker_that_dies_or_fails_is_an_error_naming_the_match() -> None:
    with pytest.raises(WorkerError, match=r"^match 2 of the run \(seed 5712496213455709518, 100 games\) failed at "
                                          r"its game 1: its worker process ended unexpectedly \(exit status 3\)"):
        list(Processes(2).run(crashes, None, cut(600, 0), None))
    with pytest.raises(WorkerError, match=r"match 3 .*: ValueError: no such card"):
        list(Processes(2).run(raises, None, cut(600, 1), None))
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not multiprocessing.active_children()  # no worker left behind


def test_a_worker_failure_from_the_cli_is_exit_2_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise WorkerError(Chunk(4, 99, 100), "its worker process was killed by SIGKILL (out of memory?)", 7)

    monkeypatch.setattr("gouji_variants.runs.simulate.simulate_run", broken)
    result = gouji("simulate", "-n", "500")
    assert result.exit_code == 2
    assert "error: match 5 of the run (seed 99, 100 games) failed at its game 7: its worker process was killed" \
        in result.output


@pytest.mark.timeout(300)  # the whole run would take an hour: only stopped workers let it end
def test_a_failed_write_stops_the_workers_at_once() -> None:
    result = gouji("simulate", "-n", "1000000", "--agents", "random", "--workers", "2", "--records", "/dev/full")
    assert result.exit_code == 2 and "--records: cannot write /dev/full" in result.output
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not multiprocessing.active_children()


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_stops_the_workers_and_leaves_nothing_behind(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    code, stderr, alive = interrupted(["simulate", "-n", "100000", "--agents", "random", "--workers", "2",
                                       "--records", str(records)], after=1)
    assert code == 130 and b"interrupted" in stderr
    assert b"Traceback" not in stderr
    assert not alive  # no worker and no fork server left running
    lines = records.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line)["format"] for line in lines)  # whole records only, in order


def peak_traced(games: int, keep: bool) -> tuple[int, int]:
    """The peak memory traced while playing ``games`` games (writing their records when ``keep``), and
    the longest record."""
    ruleset, agents = load_ruleset("dagang"), make_agents("random")
    longest = [0]

    def write(line: str) -> None:
        longest[0] = max(longest[0], len(line))

    tracemalloc.start()
    try:
        simulate_run(ruleset, games, 1, agents, write=write if keep else None)
        return tracemalloc.get_traced_memory()[1], longest[0]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_over_a_long_run() -> None:
    """Records are written as each game ends and games are not kept: writing the records of 2 matches
    takes less memory at its peak than keeping half a match's records would, over not writing them (the
    same games, played once before so that the engine's bounded caches and the record schema's are warm;
    what remains is one record being made)."""
    peak_traced(2 * CHUNK_GAMES, keep=True)
    bare, _ = peak_traced(2 * CHUNK_GAMES, keep=False)
    kept, longest = peak_traced(2 * CHUNK_GAMES, keep=True)
    assert kept - bare < CHUNK_GAMES // 2 * longest, (bare, kept, longest)
