"""The Dask backend (the [distributed] extra, installed in CI): a local cluster stands in for a real one,
reached by its scheduler's address as a real one is, and gives the statistics and records of a local run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pytest
from run_helpers import TIMINGS, gouji, interrupted

from gouji_variants.runs.cluster import Dask
from gouji_variants.runs.parallel import Chunk, WorkerError


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a two-worker local cluster, as `dask scheduler` and `dask worker` would make one."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def simulated(tmp_path: Path, name: str, *options: str) -> tuple[dict[str, Any], bytes]:
    records = tmp_path / f"{name}.jsonl"
    result = gouji("simulate", "-r", "qingdao", "-n", "230", "--agents", "random", "--seed", "9", "--json",
                   "--records", records, *options)
    assert result.exit_code == 0, result.output
    report = {key: value for key, value in json.loads(result.stdout).items() if key not in TIMINGS}
    return report, records.read_bytes()


def test_a_cluster_gives_the_statistics_and_records_of_a_local_run(scheduler: str, tmp_path: Path) -> None:
    local = simulated(tmp_path, "local", "--workers", "1")
    assert simulated(tmp_path, "cluster", "--backend", "dask", "--scheduler", scheduler) == local
    assert local[0]["games"] == 230 and local[1].count(b"\n") == 230


def test_diff_simulate_on_a_cluster(scheduler: str) -> None:
    runs = [gouji("diff", "dagang", "qingdao", "--simulate", "120", "--agents", "random", "--json", *options)
            for options in (["--workers", "1"], ["--backend", "dask", "--scheduler", scheduler])]
    assert [run.exit_code for run in runs] == [1, 1]
    local, cluster = (json.loads(run.stdout)["behaviour"] for run in runs)
    assert {**local, "seconds": None} == {**cluster, "seconds": None}


def test_backend_dask_without_an_address_starts_a_local_cluster(tmp_path: Path) -> None:
    assert simulated(tmp_path, "own", "--backend", "dask", "--workers", "2") == \
        simulated(tmp_path, "local", "--workers", "1")


def test_an_unreachable_scheduler_is_exit_2() -> None:
    result = gouji("simulate", "-n", "5", "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert "error: --backend dask: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output


def test_ctrl_c_closes_the_local_cluster_quietly(tmp_path: Path) -> None:
    """Ctrl-C once the run is under way (its first match written: the cluster is up)."""
    code, stderr, alive = interrupted(["simulate", "-n", "100000", "--agents", "random", "--backend", "dask",
                                       "--workers", "2", "--records", str(tmp_path / "games.jsonl")], after=1)
    assert code == 130 and b"interrupted" in stderr
    assert b"Traceback" not in stderr and b"ERROR" not in stderr, stderr.decode()
    assert not alive


class _Done:
    """A settled future: its result, or the error it raises."""

    def __init__(self, outcome: Any) -> None:
        self.outcome = outcome

    def result(self) -> Any:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome


@pytest.mark.parametrize(("retries", "cancels", "played"), [(2, 1, True), (2, 2, True), (1, 2, False), (0, 1, False)])
def test_a_match_the_scheduler_cancelled_is_submitted_again(retries: int, cancels: int, played: bool) -> None:
    """A lost worker can make the scheduler forget a match (FutureCancelledError 'already forgotten'): it is
    sent again, with its context, up to --retries times; then the run fails naming the match."""
    chunk = Chunk(3, 7, 100)
    outcomes = [_Done(distributed.client.FutureCancelledError("k", "already forgotten")) for _ in range(cancels)]
    outcomes.append(_Done(("result", ["game"])))
    sent: list[Chunk] = []
    counted: list[int] = []

    def again(chunk: Chunk) -> _Done:
        sent.append(chunk)
        return outcomes[len(sent)]

    settle = Dask(None, 2, retries)._settled
    if played:
        assert settle(chunk, outcomes[0], again, counted.append) == ("result", ["game"])
        assert sent == [chunk] * cancels and counted == [100]
    else:
        with pytest.raises(WorkerError, match="match 4 .*FutureCancelledError"):
            settle(chunk, outcomes[0], again, counted.append)
        assert len(sent) == retries and counted == []


def test_a_match_that_fails_by_itself_is_not_sent_again() -> None:
    def again(chunk: Chunk) -> _Done:
        raise AssertionError("sent again")

    with pytest.raises(WorkerError, match="ValueError: the engine"):
        Dask(None, 2, 2)._settled(Chunk(0, 1, 10), _Done(ValueError("the engine")), again, None)
