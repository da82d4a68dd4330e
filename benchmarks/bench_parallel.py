"""Parallel simulation: games/s for 1 to the available cores' worker processes, the speed-up, and the
peak memory of a long run (a script, not a test).

    python benchmarks/bench_parallel.py [--games 2000] [--agents random] [--ruleset dagang] [--memory [N]]

Each worker count plays the same ``--games`` games (matches of 100, seeded from seed 1, so every run
plays exactly the same games: the totals are checked equal) as ``gouji simulate --workers N`` does;
the speed-up is games/s against one worker, with a target of at least 0.8 × N. Wall-clock time on a
shared machine understates it, so the CPU seconds are printed too (the play's, summed over the
workers, and the main process's) with the speed-up they imply on idle cores. ``--memory N`` runs
``gouji simulate -n N --agents random --records FILE`` (default 100,000 games, the cores as workers)
in a child process group and samples every process of it (/proc, Linux): the peak resident memory of
the main process, of the largest worker, and of all of them together. Standard library only, apart
from the package under test.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gouji_variants.agents.registry import make_agents
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.parallel import Chunk, Processes, available_cores, cut
from gouji_variants.runs.simulate import Simulation, Work, play_chunk

SPEEDUP_TARGET = 0.8
MEMORY_TARGET_MB = 200


def timed_chunk(work: Work, chunk: Chunk, step: Callable[[Any], None]) -> tuple[float, Simulation]:
    """A match as ``simulate_run`` plays it, with the CPU seconds its worker spent on it."""
    cpu = time.process_time()
    result = play_chunk(work, chunk, step)
    return time.process_time() - cpu, result


def rate(ruleset: str, agents: str, games: int, workers: int) -> tuple[float, float, float, dict[str, object]]:
    """Games/s of ``games`` games on ``workers`` processes, the CPU seconds of the play (all workers)
    and of this (main) process, and the run's totals (to check they agree)."""
    played = make_agents(agents)
    work = Work(load_ruleset(ruleset), tuple(played), False)
    total = Simulation(agents=[agent.name for agent in played])
    start, main_cpu, play_cpu = time.perf_counter(), time.process_time(), 0.0
    for cpu, part in Processes(workers).run(timed_chunk, work, cut(games, 1), None):
        play_cpu += cpu
        total.add(part)
    seconds, main_cpu = time.perf_counter() - start, time.process_time() - main_cpu
    totals = {k: v for k, v in total.to_json().items() if k not in ("seconds", "games_per_second",
                                                                       "decisions_per_second")}
    return games / seconds, play_cpu, main_cpu - (play_cpu if workers == 1 else 0), totals


def _status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in kB; empty when it has ended."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    return {line.split(":")[0]: int(line.split()[1]) for line in lines if line.startswith(("VmRSS", "VmHWM"))}


def _group(session: int) -> list[int]:
    """The processes of a session (the run: its main process, the fork server and the workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session:  # the session id, after state, ppid and pgrp
                found.append(int(entry))
    return found


def peak_memory(games: int, workers: int) -> tuple[float, float, float, float]:
    """Peak RSS in MB of ``gouji simulate -n games``: the main process, the largest other process, the
    sum over all of them; and the seconds taken."""
    code = "import sys; from gouji_variants.cli import main; sys.exit(main())"
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", code, "simulate", "-n", str(games), "--agents", "random",
                                  "--workers", str(workers), "--records", str(Path(folder) / "games.jsonl"),
                                  "--json"], stdout=subprocess.DEVNULL, start_new_session=True)
        peaks: dict[int, int] = {}
        total = 0
        while child.poll() is None:
            statuses = {pid: _status(pid) for pid in _group(child.pid)}
            total = max(total, sum(status.get("VmRSS", 0) for status in statuses.values()))
            for pid, status in statuses.items():
                peaks[pid] = max(peaks.get(pid, 0), status.get("VmHWM", 0))
            time.sleep(0.2)
        seconds = time.perf_counter() - start
    if child.returncode:
        raise SystemExit(f"gouji simulate exited with {child.returncode}")
    others = [peak for pid, peak in peaks.items() if pid != child.pid]
    return peaks.get(child.pid, 0) / 1024, max(others, default=0) / 1024, total / 1024, seconds


def mark(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per worker count (0: memory only)")
    parser.add_argument("--agents", default="random", help="as for gouji simulate")
    parser.add_argument("--ruleset", default="dagang")
    parser.add_argument("--max-workers", type=int, default=available_cores(), help="default: the cores available")
    parser.add_argument("--memory", type=int, nargs="?", const=100_000, metavar="N",
                        help="peak memory of 'gouji simulate -n N' (default N: 100,000)")
    args = parser.parse_args()

    if args.games > 0:
        print(f"{args.games} games of {args.agents} agents on {args.ruleset}, {available_cores()} cores available, "
              f"load average {os.getloadavg()[0]:.1f} (a busy machine lowers the speed-up):")
        base, work, _, reference = rate(args.ruleset, args.agents, args.games, 1)
        print(f"  1 worker : {base:8.1f} games/s ({work:.2f} CPU s of play)")
        for workers in range(2, args.max_workers + 1):
            games_s, play_cpu, main_cpu, totals = rate(args.ruleset, args.agents, args.games, workers)
            speedup = games_s / base
            # on a quiet machine: each worker does 1/N of the play, at the CPU cost measured; the main process
            # merges in parallel with them
            quiet = workers * work / max(play_cpu, main_cpu * workers)
            same = "same totals" if totals == reference else "TOTALS DIFFER"
            print(f"  {workers} workers: {games_s:8.1f} games/s, speed-up {speedup:.2f}x (target >= "
                  f"{SPEEDUP_TARGET * workers:.1f}x: {mark(speedup >= SPEEDUP_TARGET * workers)}), {same}")
            print(f"             CPU: play {play_cpu:.2f} s over the workers (1 worker: {work:.2f} s), main process "
                  f"{main_cpu:.2f} s; the speed-up on {workers} idle cores from these: {quiet:.2f}x")
    if args.memory:
        workers = args.max_workers
        main_mb, worker_mb, total_mb, seconds = peak_memory(args.memory, workers)
        print(f"  'gouji simulate -n {args.memory} --agents random --workers {workers} --records FILE' in "
              f"{seconds:.0f} s: peak memory {main_mb:.0f} MB main process, {worker_mb:.0f} MB largest worker, "
              f"{total_mb:.0f} MB all together (target <= {MEMORY_TARGET_MB} MB each: "
              f"{mark(max(main_mb, worker_mb) <= MEMORY_TARGET_MB)})")


if __name__ == "__main__":
    main()
