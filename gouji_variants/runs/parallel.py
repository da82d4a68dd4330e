"""Long runs cut into matches, played in parallel (worker processes, or a cluster) and merged in order.

A run of N games is cut into matches of :data:`CHUNK_GAMES` games, the last one shorter. Match 0 is
seeded with the run's seed, so a run of up to CHUNK_GAMES games is the very match ``simulate`` plays;
match i > 0 is seeded with :func:`chunk_seed`. Each match is independent: its own tribute and lead
carried from its own first game, its own copy of the agents, its own random stream. Results are merged
in match order, so a run's statistics and records depend on N and the seed only, never on how many
workers played it or where. At most ``2 × workers`` matches are under way or waiting to be merged at any
time, so memory stays flat however long the run.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkContext, ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, Protocol, TypeVar, overload

#: Games per match: fixed, whatever the number of workers, so the cut never depends on them.
CHUNK_GAMES = 100

R = TypeVar("R")
T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)
#: A game-count callback: advance a progress bar by that many games.
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Chunk:
    """One match of a run: its place in the run, its seed, its number of games, and which part of the
    run it belongs to (a behavioural diff runs two rulesets: part 0 and part 1)."""

    index: int
    seed: int
    games: int
    part: int = 0


#: A chunk's work, a module-level function (workers receive it by name): (context, chunk, a per-game
#: callback or None) -> the chunk's result.
Task = Callable[[Any, Chunk, Callable[[], None] | None], R]


def chunk_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed``: the run's seed for match 0, then 64 bits of
    SHA-256 (the same on every machine and Python version)."""
    if index == 0:
        return seed
    return int.from_bytes(hashlib.sha256(f"gouji-variants match {seed} {index}".encode()).digest()[:8], "big")


class Cut(Sequence[Chunk]):
    """The matches of a run of ``games`` games, made when asked for: a run of any length takes no memory."""

    def __init__(self, games: int, seed: int, part: int = 0) -> None:
        self.games, self.seed, self.part = games, seed, part

    def __len__(self) -> int:
        return -(-self.games // CHUNK_GAMES)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Chunk]: ...

    def __getitem__(self, index: int | slice) -> Chunk | Sequence[Chunk]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index += len(self) if index < 0 else 0
        if not 0 <= index < len(self):
            raise IndexError(f"match {index} of a run of {len(self)}")
        games = min(CHUNK_GAMES, self.games - index * CHUNK_GAMES)
        return Chunk(index, chunk_seed(self.seed, index), games, self.part)


def cut(games: int, seed: int, part: int = 0) -> Cut:
    """``games`` games as matches of CHUNK_GAMES games (the last one shorter)."""
    return Cut(games, seed, part)


class WorkerError(Exception):
    """A worker that failed: the match it failed on (its seed, to play it again) and why, or a worker
    process that died (which of the matches under way killed it cannot be known)."""

    def __init__(self, chunk: Chunk | None, reason: str) -> None:
        self.chunk = chunk
        where = f"match {chunk.index + 1} (seed {chunk.seed}, {chunk.games} games) failed in a worker: " \
            if chunk is not None else ""
        super().__init__(where + reason)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def check_workers(workers: int) -> int:
    """``workers`` if it is a sensible number of worker processes; ValueError saying why not."""
    most = 4 * available_cores()
    if workers < 1:
        raise ValueError(f"must be at least 1, got {workers}")
    if workers > most:
        raise ValueError(f"{workers} is more than {most}, 4 × the {most // 4} cores available")
    return workers


class Backend(Protocol):
    """Plays the chunks of a run and yields their results in chunk order."""

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk],
            progress: Progress | None) -> Generator[R, None, None]:
        ...


class InProcess:
    """Every chunk in this process, one after the other (``--workers 1``): errors keep their traceback."""

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk],
            progress: Progress | None) -> Generator[R, None, None]:
        step = (lambda: progress(1)) if progress is not None else None
        for chunk in chunks:
            yield task(context, chunk, step)


class _Future(Protocol[R_co]):  # what concurrent.futures and Dask futures share
    def result(self) -> R_co: ...
    def cancelled(self) -> bool: ...
    def exception(self) -> BaseException | None: ...
    def add_done_callback(self, fn: Callable[[Any], Any]) -> Any: ...


def ordered(submit: Callable[[Chunk], _Future[R]], chunks: Iterable[Chunk], window: int,
            progress: Progress | None) -> Iterator[tuple[Chunk, _Future[R]]]:
    """Each chunk with its future (to wait on), in chunk order, keeping at most ``window`` submitted and
    not yet taken; ``progress`` hears of each chunk as it finishes, in whatever order."""
    todo = iter(chunks)
    pending: deque[tuple[Chunk, _Future[R]]] = deque()

    def start(chunk: Chunk) -> None:
        future = submit(chunk)
        if progress is not None:
            future.add_done_callback(lambda done: None if done.cancelled() or done.exception() else
                                     progress(chunk.games))
        pending.append((chunk, future))

    for chunk in todo:
        start(chunk)
        if len(pending) >= window:
            break
    while pending:
        head = pending.popleft()
        following = next(todo, None)
        if following is not None:
            start(following)
        yield head  # the caller waits for its result


def failed(chunk: Chunk, future: _Future[R]) -> R:
    """The chunk's result, or WorkerError naming the chunk and the reason."""
    try:
        return future.result()
    except Exception as error:  # the task's own error, raised again here by the cluster
        raise WorkerError(chunk, f"{type(error).__name__}: {error}") from None


def _serve(connection: Connection, task: Task[Any], context: Any) -> None:
    """A worker process: plays each chunk it receives and sends back (True, result) or (False, why),
    until it receives None. Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while (chunk := connection.recv()) is not None:
        try:
            connection.send((True, task(context, chunk, None)))
        except Exception as error:  # the task's own error, or a result that does not pickle
            connection.send((False, f"{type(error).__name__}: {error}"))


class _Worker:
    """One worker process and the pipe to it; the chunk it plays (and that chunk's place in the run)."""

    def __init__(self, mp: ForkContext | ForkServerContext | SpawnContext, task: Task[Any], context: Any) -> None:
        self.connection, theirs = mp.Pipe()
        self.process: BaseProcess = mp.Process(target=_serve, args=(theirs, task, context), daemon=True)
        self.process.start()
        theirs.close()  # so that a worker's death is an end of file here, never a read that waits
        self.playing: tuple[int, Chunk] | None = None

    def give(self, place: int, chunk: Chunk) -> None:
        self.connection.send(chunk)
        self.playing = (place, chunk)


def deaf_to_ctrl_c(start: Callable[[], T]) -> T:
    """``start()`` with Ctrl-C ignored, so that the processes it starts inherit that (and print no
    tracebacks of their own): the run's own process handles Ctrl-C and stops them."""
    if threading.current_thread() is not threading.main_thread():
        return start()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return start()
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop(workers: list[_Worker], politely: bool) -> None:
    """Ends every worker: asked to (after a whole run) or terminated (an error, Ctrl-C, the caller
    stopping early), then killed if it has not ended within a few seconds. Nothing waits on a pipe."""
    for worker in workers:
        try:
            if politely:
                worker.connection.send(None)
            else:
                worker.process.terminate()
        except OSError:  # already gone
            pass
    for worker in workers:
        worker.process.join(5)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(5)
        worker.connection.close()


class Processes:
    """Chunks played by up to ``workers`` processes of this machine (one process only: :class:`InProcess`).

    Each worker has its own pipe and plays one chunk at a time; the parent hands out chunks, waits on the
    pipes and merges results in chunk order. There is no thread and no shared queue, so stopping early
    (a failed chunk, Ctrl-C, the caller closing the generator) never waits on a worker."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk],
            progress: Progress | None) -> Generator[R, None, None]:
        count = min(self.workers, len(chunks))
        if count <= 1:
            yield from InProcess().run(task, context, chunks, progress)
            return
        mp = _starter(task)
        for stream in (sys.stdout, sys.stderr):  # a forked worker flushes its copy of them as it ends
            stream.flush()
        workers: list[_Worker] = []
        finished = False
        try:
            workers = deaf_to_ctrl_c(lambda: [_Worker(mp, task, context) for _ in range(count)])
            yield from _merged(workers, chunks, progress)
            finished = True
        finally:
            _stop(workers, politely=finished)


def _starter(task: Task[Any]) -> ForkContext | ForkServerContext | SpawnContext:
    """How workers start. On Linux, from a process with no other thread, forked from it (at once, with
    everything imported); otherwise forked from a clean server that has imported the task's module once
    (forking a threaded process could copy a lock held by another thread); spawned where there is no fork."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload([task.__module__])
        return server
    return multiprocessing.get_context("spawn")


def _merged(workers: list[_Worker], chunks: Sequence[Chunk], progress: Progress | None) -> Iterator[Any]:
    """The chunks' results in chunk order, at most ``2 × workers`` chunks under way or waiting to be merged."""
    results: dict[int, Any] = {}
    window, handed, merged = 2 * len(workers), 0, 0
    while merged < len(chunks):
        for worker in workers:
            if worker.playing is None and handed < len(chunks) and handed - merged < window:
                worker.give(handed, chunks[handed])
                handed += 1
        if merged in results:
            yield results.pop(merged)
            merged += 1
            continue
        busy = {worker.connection: worker for worker in workers if worker.playing is not None}
        for ready in wait(list(busy)):
            worker = busy[ready]  # type: ignore[index]
            assert worker.playing is not None
            place, chunk = worker.playing
            try:
                done, result = worker.connection.recv()
            except (EOFError, OSError):
                raise _died(merged) from None
            if not done:
                raise WorkerError(chunk, result)
            worker.playing = None
            results[place] = result
            if progress is not None:
                progress(chunk.games)


def _died(finished: int) -> WorkerError:
    return WorkerError(None, f"a worker process ended unexpectedly (killed, or out of memory?) after {finished} "
                             "matches of the run were finished")
