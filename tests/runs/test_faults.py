"""Faults lose nothing (issue 23): the real command line as a subprocess, stopped by SIGTERM, SIGHUP and
Ctrl-C, its parent or a worker killed, a Dask worker lost, its records file past a size limit or written
by another run; then the exit status, no process left (by process group and by parent id), no pipe held
open, every record whole and re-playable, and ``--resume`` reaching the totals of a run never stopped.
Hostile numbers for every numeric option of every command."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gouji_variants.agents.registry import make_agents
from gouji_variants.cli import main
from gouji_variants.records.files import RecordWriter
from gouji_variants.records.record import replay
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.resume import ResumeError, resumed
from gouji_variants.runs.simulate import simulate_run

#: The run every test stops in its own way: short, and long enough to be stopped.
RUN = ["simulate", "-n", "300", "--seed", "5", "--agents", "random", "--json"]
TIMINGS = ("seconds", "games_per_second", "decisions_per_second")
#: ``gouji`` with Ctrl-C handled as on a terminal, even under a shell that starts background jobs deaf to it.
CODE = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from gouji_variants.cli import main; sys.exit(main())")
WAIT = 120  # seconds: the most any step waits (the machine may be slow and shared)
SLICE = 0.02  # seconds a run plays between two looks of :meth:`Run.wait_for`


@dataclass
class Reference:
    """The run never stopped: its records and its report without timings."""

    lines: list[str]
    report: dict[str, Any]


@pytest.fixture(scope="module")
def reference() -> Reference:
    lines: list[str] = []
    result = simulate_run(load_ruleset("dagang"), 300, 5, make_agents("random"), write=lines.append)
    report = {key: value for key, value in result.to_json().items() if key not in TIMINGS}
    return Reference(lines, report)


def _report(stdout: bytes) -> dict[str, Any]:
    data = json.loads(stdout)
    return {key: value for key, value in data.items() if key not in (*TIMINGS, "ruleset", "fingerprint", "seed")}


def processes() -> dict[int, tuple[int, int, str]]:
    """Every process of the system: its parent, its process group and its state (Z: a zombie, ended)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # ended meanwhile
                continue
            found[int(entry.name)] = (int(fields[1]), int(fields[2]), fields[0])
    return found


class Run:
    """``gouji ARGS`` in its own session (process group), its output on pipes; every process it started
    is remembered (by parent id) so that what is left of it can be found."""

    def __init__(self, args: list[str], limit: int | None = None) -> None:
        def prepare() -> None:
            os.nice(10)  # (below the test, on the CPU they share: the fixture ``runs``)
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        self.child = subprocess.Popen([sys.executable, "-c", CODE, *args], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, start_new_session=True, preexec_fn=prepare)
        self.seen: set[int] = set()

    def descendants(self) -> set[int]:
        """The processes this run started and still has (remembered)."""
        children: dict[int, list[int]] = {}
        for pid, (parent, _, _) in processes().items():
            children.setdefault(parent, []).append(pid)
        found, todo = set(), [self.child.pid]
        while todo:
            below = children.get(todo.pop(), [])
            found.update(below)
            todo.extend(below)
        self.seen |= found
        return found

    def wait_for(self, ready: Callable[[], bool], what: str, frozen: bool = True) -> None:
        """Let the run go on in slices of :data:`SLICE` seconds, frozen while ``ready`` is asked, until it
        holds: the run is left frozen there, however fast it plays (a run let go on while the test looks
        could end before the test acts); the next signal or :meth:`end` lets it go on. Not ``frozen``: only
        looked at (a dask cluster has processes of its own that SIGSTOP to the group does not hold)."""
        deadline = time.monotonic() + WAIT
        while True:
            if frozen:
                self.freeze()
            self.descendants()
            if ready():
                return
            assert self.child.poll() is None, f"the run ended before {what}"
            assert time.monotonic() < deadline, f"no {what} within {WAIT} s"
            if frozen:
                os.killpg(self.child.pid, signal.SIGCONT)
            time.sleep(SLICE)

    def freeze(self) -> None:
        """Every process of the run stopped (SIGSTOP to its group), once each of them is seen stopped."""
        try:
            os.killpg(self.child.pid, signal.SIGSTOP)
        except ProcessLookupError:  # the whole run has ended
            return
        deadline = time.monotonic() + WAIT
        while any(state not in "TtZX" for _, group, state in processes().values() if group == self.child.pid):
            assert time.monotonic() < deadline, f"the run did not stop within {WAIT} s"
            time.sleep(0.001)

    def end(self) -> tuple[int, bytes, bytes]:
        """Its exit status and output, once it has ended (let go on if frozen); the pipes must reach their
        end (no process of the run holds them) and nothing of the run may be left."""
        try:
            os.killpg(self.child.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        try:
            stdout, stderr = self.child.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            pytest.fail("a process of the run still holds its standard output or error")
        deadline = time.monotonic() + 10
        while self.left() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self.left(), f"processes left behind: {self.left()}"
        return self.child.returncode, stdout, stderr

    def left(self) -> set[int]:
        """The run's processes still alive: by process group, and those it started (by parent id)."""
        return {pid for pid, (_, group, state) in processes().items()
                if state != "Z" and (group == self.child.pid or pid in self.seen)}

    def kill(self) -> None:
        """Whatever is left of the run, killed (a test's finally)."""
        for pid in {self.child.pid, *self.seen, *self.left()}:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        self.child.wait(10)


@pytest.fixture
def runs() -> Iterator[Callable[..., Run]]:
    """Runs started on the test's own CPU, where the test pins itself meanwhile: a run (niced, :class:`Run`) plays
    only while the test waits, and the test, waking from a slice, stops it at once (on a CPU of its own a run
    played on while a busy machine kept the test from waking: CI saw 300 games end within one look)."""
    started: list[Run] = []
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})

    def start(args: list[str], limit: int | None = None) -> Run:
        started.append(Run(args, limit))
        return started[-1]

    try:
        yield start
    finally:
        for run in started:
            run.kill()
        os.sched_setaffinity(0, cpus)


def lines_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def whole_records(path: Path) -> list[str]:
    """The file's records: every line whole (the file ends with a newline) and valid JSON."""
    data = path.read_text(encoding="utf-8")
    assert data == "" or data.endswith("\n"), "an incomplete last line"
    lines = data.splitlines()
    assert all(json.loads(line)["format"] for line in lines)
    return lines


def workers_started(run: Run, count: int = 2) -> Callable[[], bool]:
    return lambda: len(run.descendants()) >= count


@pytest.mark.parametrize(("number", "moment"), [
    (signal.SIGTERM, "starting"), (signal.SIGTERM, "playing"), (signal.SIGHUP, "playing"), (signal.SIGINT, "playing"),
])
def test_a_stop_signal_keeps_every_finished_game_and_leaves_nothing(
        number: int, moment: str, tmp_path: Path, runs: Callable[..., Run], reference: Reference) -> None:
    records = tmp_path / "games.jsonl"
    run = runs([*RUN, "--workers", "2", "--records", str(records)])
    if moment == "starting":
        run.wait_for(workers_started(run), "workers")
    else:
        run.wait_for(lambda: lines_in(records) >= 20, "20 records")
        assert lines_in(records) < len(reference.lines), "the run played every game before the test could stop it"
    if number == signal.SIGINT:
        os.killpg(run.child.pid, number)  # Ctrl-C: the terminal signals the whole group
    else:
        os.kill(run.child.pid, number)
    code, _, stderr = run.end()
    assert code == 128 + number, stderr
    message = stderr.decode().strip()
    assert message.startswith(f"interrupted by {signal.Signals(number).name}: the games finished in order are in")
    assert "\n" not in message and "Traceback" not in message
    lines = whole_records(records)
    assert lines == reference.lines[:len(lines)]  # in order, each as the run never stopped writes it
    if moment == "playing" and number == signal.SIGTERM:
        for line in lines[:3]:
            assert replay(json.loads(line)).ok
        again = runs([*RUN, "--workers", "2", "--records", str(records), "--resume"])
        code, stdout, stderr = again.end()
        assert code == 0, stderr
        assert _report(stdout) == reference.report
        assert whole_records(records) == reference.lines


def test_a_parent_killed_outright_takes_its_workers_with_it(tmp_path: Path, runs: Callable[..., Run]) -> None:
    records = tmp_path / "games.jsonl"
    run = runs([*RUN, "--workers", "2", "--records", str(records)])
    run.wait_for(lambda: lines_in(records) >= 5 and len(run.descendants()) >= 2, "records")
    os.kill(run.child.pid, signal.SIGKILL)
    code, _, _ = run.end()  # the workers end with it (parent-death signal) and hold no pipe of the caller
    assert code == -signal.SIGKILL
    whole_records(records)


@pytest.mark.parametrize("retries", [0, 1])
def test_a_worker_killed_is_reported_or_replayed(retries: int, tmp_path: Path, runs: Callable[..., Run],
                                                 reference: Reference) -> None:
    records = tmp_path / "games.jsonl"
    run = runs([*RUN, "--workers", "2", "--records", str(records), "--retries", str(retries)])
    run.wait_for(lambda: lines_in(records) >= 5 and len(run.descendants()) >= 2, "records")
    os.kill(min(run.descendants()), signal.SIGKILL)
    code, stdout, stderr = run.end()
    lines = whole_records(records)
    if retries:
        assert code == 0, stderr
        assert lines == reference.lines
        assert _report(stdout) == reference.report
    else:
        assert code == 2
        message = stderr.decode().strip()
        assert message.startswith("error: match ") and "(seed " in message and "at its game " in message
        assert "killed by SIGKILL" in message and "Traceback" not in message
        assert lines == reference.lines[:len(lines)]


def test_a_lost_dask_worker_is_replayed_elsewhere(tmp_path: Path, runs: Callable[..., Run],
                                                 reference: Reference) -> None:
    pytest.importorskip("distributed")
    records = tmp_path / "games.jsonl"
    run = runs([*RUN, "--backend", "dask", "--workers", "2", "--retries", "2", "--records", str(records)])

    def worker() -> int | None:
        for pid in sorted(run.descendants()):
            try:
                if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return pid
            except OSError:
                continue
        return None

    run.wait_for(lambda: lines_in(records) >= 1 and worker() is not None, "a record", frozen=False)
    pid = worker()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    code, stdout, stderr = run.end()
    assert code == 0, stderr
    assert whole_records(records) == reference.lines
    assert _report(stdout) == reference.report


def test_a_full_disk_stops_the_run_with_the_records_before_it_whole(tmp_path: Path, runs: Callable[..., Run],
                                                                    reference: Reference) -> None:
    records = tmp_path / "games.jsonl"
    limit = sum(len(line.encode()) + 1 for line in reference.lines[:12]) + 100  # the 13th does not fit whole
    run = runs([*RUN, "--workers", "2", "--records", str(records)], limit=limit)
    code, _, stderr = run.end()
    assert code == 2
    message = stderr.decode().strip()
    assert message == f"error: --records: cannot write {records}: File too large; the records before this one are whole"
    assert whole_records(records) == reference.lines[:12]


def test_a_records_file_another_run_writes_is_refused(tmp_path: Path, runs: Callable[..., Run]) -> None:
    records = tmp_path / "games.jsonl"
    long = [*RUN[:2], "100000", *RUN[3:]]  # still writing when the second run starts, however loaded the machine
    first = runs([*long, "--workers", "2", "--records", str(records)])
    first.wait_for(lambda: lines_in(records) >= 3, "records")
    second = runs([*RUN, "--workers", "1", "--records", str(records)])
    code, _, stderr = second.end()
    assert code == 2
    assert stderr.decode().strip() == f"error: --records: cannot write {records}: another run is writing it"
    os.kill(first.child.pid, signal.SIGTERM)
    assert first.end()[0] == 128 + signal.SIGTERM
    whole_records(records)


def test_an_engine_error_in_this_process_is_a_clean_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from gouji_variants.engine.match import play_out
    from gouji_variants.runs import simulate
    from gouji_variants.text import behaviour

    calls = [0]

    def breaks(*args: Any) -> int:
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("the engine broke")
        return play_out(*args)

    monkeypatch.setattr(simulate, "play_out", breaks)
    monkeypatch.setattr(behaviour, "play_out", breaks)
    expected = "error: match 1 of the run (seed 7, 50 games) failed at its game 3: RuntimeError: the engine broke"
    for args in (["simulate", "-n", "50", "--seed", "7", "--workers", "1"],
                 ["diff", "dagang", "qingdao", "--simulate", "50", "--seed", "7", "--workers", "1"]):
        calls[0] = 0
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output  # diff's 1 means "they differ"
        assert result.output.strip().splitlines()[-1] == expected


HOSTILE = ["-1", str(10**30), "9" * 5000, "1e3"]
NUMERIC = [
    ["simulate", "-n", "{}"], ["simulate", "--seed", "{}"], ["simulate", "--workers", "{}"],
    ["simulate", "--retries", "{}"],
    ["diff", "dagang", "qingdao", "--simulate", "{}"], ["diff", "dagang", "qingdao", "--simulate", "5", "--seed", "{}"],
    ["diff", "dagang", "qingdao", "--simulate", "5", "--seed-b", "{}"],
    ["diff", "dagang", "qingdao", "--simulate", "5", "--workers", "{}"],
    ["diff", "dagang", "qingdao", "--simulate", "5", "--retries", "{}"],
    ["play", "--seat", "{}"], ["play", "--seed", "{}"], ["play", "--games", "{}"],
    ["hint", "{record}", "{}"], ["hint", "{record}", "1", "--game", "{}"], ["hint", "{record}", "1", "--seed", "{}"],
    ["replay", "{record}", "--show", "{}"], ["replay", "{record}", "--show", "1", "--seat", "{}"],
]


@pytest.fixture(scope="module")
def one_record(tmp_path_factory: pytest.TempPathFactory, reference: Reference) -> Path:
    path = tmp_path_factory.mktemp("record") / "one.jsonl"
    path.write_text(reference.lines[0] + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("command", NUMERIC, ids=[" ".join(c) for c in NUMERIC])
def test_hostile_numbers_are_refused_before_any_work(command: list[str], value: str, one_record: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from gouji_variants.runs import simulate
    from gouji_variants.text import behaviour

    for module in (simulate, behaviour):
        monkeypatch.setattr(module, "play_out", lambda *_: pytest.fail("a game was played"))
    args = [part.format(value, record=one_record) if "{" in part else part for part in command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "error" in result.output.lower()


@pytest.fixture(scope="module")
def short_run() -> tuple[list[str], dict[str, Any]]:
    """The records and report of a run of 130 games (a short last match) never stopped."""
    lines: list[str] = []
    result = simulate_run(load_ruleset("dagang"), 130, 2, make_agents("random"), write=lines.append)
    return lines, {key: value for key, value in result.to_json().items() if key not in TIMINGS}


@pytest.mark.parametrize("kept", [40, 100, 131])
def test_resuming_from_any_point_reaches_the_totals_of_a_run_never_stopped(
        kept: int, tmp_path: Path, short_run: tuple[list[str], dict[str, Any]]) -> None:
    """From within a match, from a match's end, and from a file of every game (the last match short)
    that ends in an incomplete line."""
    ruleset, agents = load_ruleset("dagang"), make_agents("random")
    lines, whole = short_run
    path = tmp_path / "games.jsonl"
    path.write_text("".join(line + "\n" for line in lines[:kept]) + ('{"format": 1, "head' if kept > 130 else ""),
                    encoding="utf-8")
    writer = RecordWriter(path, keep=True)
    try:
        done = resumed(path, ruleset, 130, 2, [agent.name for agent in agents])
        again = simulate_run(ruleset, 130, 2, agents, write=writer.write, done=done)
    finally:
        writer.close()
    assert {key: value for key, value in again.to_json().items() if key not in TIMINGS} == whole
    assert path.read_text(encoding="utf-8").splitlines() == lines


def test_records_of_another_run_are_not_resumed(tmp_path: Path) -> None:
    ruleset, agents = load_ruleset("dagang"), make_agents("random")
    lines: list[str] = []
    simulate_run(ruleset, 3, 2, agents, write=lines.append)
    path = tmp_path / "games.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(ResumeError, match=r"games.jsonl:1: game 1 is not this run's: its seed is \d+, this run's"):
        resumed(path, ruleset, 3, 9, [agent.name for agent in agents])
    with pytest.raises(ResumeError, match=r"holds more than the 2 games of this run"):
        resumed(path, ruleset, 2, 2, [agent.name for agent in agents])
    result = CliRunner().invoke(main, ["simulate", "-n", "3", "--seed", "2", "--agents", "basic", "--records",
                                       str(path), "--resume"])
    assert result.exit_code == 2 and "error: --resume: " in result.output and "its players is" in result.output
    assert path.read_text(encoding="utf-8").splitlines() == lines  # left as it was
