"""Long runs cut into matches, played in parallel (worker processes, or a cluster) and merged in order.

A run of N games is cut into matches of :data:`CHUNK_GAMES` games, the last one shorter. Match 0 is
seeded with the run's seed, so a run of up to CHUNK_GAMES games is the very match ``simulate`` plays;
match i > 0 is seeded with :func:`chunk_seed`. Each match is independent: its own tribute and lead
carried from its own first game, its own copy of the agents, its own random stream. Results are merged
in match order, so a run's statistics and records depend on N and the seed only, never on how many
workers played it or where. Each game is sent on as it ends (a record is written at once when its match
is the oldest under way), so a run stopped early keeps every game finished in order. At most
``2 × workers`` matches are under way or waiting to be merged at any time, so memory stays flat however
long the run. Workers die with their parent and hold none of its descriptors (:mod:`.detach`).
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
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkContext, ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, Protocol, TypeVar, overload

from .detach import block_stop_signals, detach, inherited, restore_signals

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


#: A chunk's work, a module-level function (workers receive it by name): (context, chunk, ``step``) -> the
#: chunk's result; it calls ``step`` once per game as the game ends, with what the caller should receive of
#: it at once (a record's line, or None).
Task = Callable[[Any, Chunk, Callable[[Any], None]], R]
#: What receives each game's item, in the order of the run.
Each = Callable[[Any], None]


def chunk_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed``: the run's seed for match 0, then 64 bits of
    SHA-256 (the same on every machine and Python version)."""
    if index == 0:
        return seed
    return int.from_bytes(hashlib.sha256(f"gouji-variants match {seed} {index}".encode()).digest()[:8], "big")


class Cut(Sequence[Chunk]):
    """The matches of a run of ``games`` games from match ``first`` on (a resumed run), made when asked
    for: a run of any length takes no memory."""

    def __init__(self, games: int, seed: int, part: int = 0, first: int = 0) -> None:
        self.games, self.seed, self.part, self.first = games, seed, part, first

    def __len__(self) -> int:
        return max(0, -(-self.games // CHUNK_GAMES) - self.first)

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
        index += self.first
        games = min(CHUNK_GAMES, self.games - index * CHUNK_GAMES)
        return Chunk(index, chunk_seed(self.seed, index), games, self.part)


def cut(games: int, seed: int, part: int = 0, first: int = 0) -> Cut:
    """``games`` games as matches of CHUNK_GAMES games (the last one shorter), from match ``first`` on."""
    return Cut(games, seed, part, first)


class WorkerError(Exception):
    """A match that failed (an error of the engine or of a bot, or a worker process that died): which
    match of the run, its seed (to play it again), the game of the match it was playing, and why."""

    def __init__(self, chunk: Chunk, reason: str, game: int | None = None) -> None:
        self.chunk = chunk
        at = f" at its game {game}" if game is not None else ""
        super().__init__(f"match {chunk.index + 1} of the run (seed {chunk.seed}, {chunk.games} games) failed"
                         f"{at}: {reason}")


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
    """Plays the chunks of a run and yields their results in chunk order; ``each`` (when given) receives
    what each game sent (the task's ``step``), in order, every game of a chunk before that chunk's result."""

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk], progress: Progress | None,
            each: Each | None = None) -> Generator[R, None, None]:
        ...


class _Feed:
    """The games of one chunk as they are played: counted, shown in the progress, passed to ``each``."""

    def __init__(self, progress: Progress | None, each: Each | None) -> None:
        self.progress, self.each = progress, each
        self.played = 0
        self.error: BaseException | None = None  # what ``each`` raised: the caller's, not the game's

    def __call__(self, item: Any) -> None:
        self.played += 1
        try:
            if self.each is not None:
                self.each(item)
            if self.progress is not None:
                self.progress(1)
        except BaseException as error:
            self.error = error
            raise


class InProcess:
    """Every chunk in this process, one after the other (``--workers 1``)."""

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk], progress: Progress | None,
            each: Each | None = None) -> Generator[R, None, None]:
        for chunk in chunks:
            feed = _Feed(progress, each)
            try:
                result = task(context, chunk, feed)
            except Exception as error:
                if error is feed.error:
                    raise
                raise WorkerError(chunk, _why(error), feed.played + 1) from error
            yield result


def _why(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


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
    except Exception as error:  # the task's own error, raised again here by the cluster, or a lost worker
        raise WorkerError(chunk, _why(error)) from None


def collected(task: Task[R], context: Any, chunk: Chunk) -> tuple[R, list[Any]]:
    """``task`` on ``chunk``, with what its games sent kept in a list (for a backend that returns them whole)."""
    items: list[Any] = []
    return task(context, chunk, items.append), items


#: What a worker sends: a game's item, the chunk's result, or why the chunk failed (and at which game).
_GAME, _DONE, _FAILED = 0, 1, 2


def _serve(connection: Connection, task: Task[Any], context: Any, parent: int | None, close: list[int]) -> None:
    """A worker process: detached from its parent's descriptors and signals (:mod:`.detach`), plays each
    chunk it receives, sending what each game sends, then the result or why it failed, until it
    receives None."""
    detach(parent, close)
    while (chunk := connection.recv()) is not None:
        try:
            connection.send((_DONE, task(context, chunk, lambda item: connection.send((_GAME, item)))))
        except Exception as error:  # the task's own error, or a result that does not pickle
            connection.send((_FAILED, _why(error)))


class _Worker:
    """One worker process and the pipe to it; the place in the run of the chunk it plays."""

    def __init__(self, mp: ForkContext | ForkServerContext | SpawnContext, task: Task[Any], context: Any) -> None:
        self.connection, theirs = mp.Pipe()
        forked = mp.get_start_method() == "fork"  # only a forked worker inherits this process's descriptors
        close = inherited(theirs.fileno()) if forked else []
        parent = os.getpid() if forked else None
        self.process: BaseProcess = mp.Process(target=_serve, args=(theirs, task, context, parent, close),
                                               daemon=True)
        mask = block_stop_signals()
        try:
            self.process.start()
        finally:
            restore_signals(mask)
        theirs.close()  # so that a worker's death is an end of file here, never a read that waits
        self.playing: int | None = None

    def died(self) -> str:
        """How the worker process ended, once it has."""
        self.process.join(1)
        code = self.process.exitcode
        if code is not None and code < 0:
            try:
                return f"its worker process was killed by {signal.Signals(-code).name} (out of memory?)"
            except ValueError:
                return f"its worker process was killed by signal {-code}"
        return f"its worker process ended unexpectedly (exit status {code})"


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


def _stop(workers: Iterable[_Worker], politely: bool) -> None:
    """Ends every worker: asked to (after a whole run) or killed (an error, a stop signal, the caller
    stopping early: a worker ignores the stop signals and holds nothing to save). Nothing waits on a pipe."""
    workers = list(workers)
    for worker in workers:
        try:
            if politely:
                worker.connection.send(None)
            else:
                worker.process.kill()
        except OSError:  # already gone
            pass
    for worker in workers:
        worker.process.join(5)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(5)
        worker.connection.close()


class Processes:
    """Chunks played by up to ``workers`` processes of this machine (one process only: :class:`InProcess`);
    a match whose worker dies is played again by a new worker up to ``retries`` times.

    Each worker has its own pipe and plays one chunk at a time, sending each game as it ends; the parent
    hands out chunks, waits on the pipes and passes the games on in chunk order. There is no thread and
    no shared queue, so stopping early (a failed chunk, a stop signal, the caller closing the generator)
    never waits on a worker."""

    def __init__(self, workers: int, retries: int = 0) -> None:
        self.workers, self.retries = workers, retries

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk], progress: Progress | None,
            each: Each | None = None) -> Generator[R, None, None]:
        count = min(self.workers, len(chunks))
        if count <= 1:
            yield from InProcess().run(task, context, chunks, progress, each)
            return
        mp = _starter(task)
        for stream in (sys.stdout, sys.stderr):  # a forked worker flushes its copy of them as it ends
            stream.flush()
        merge = _Merge(lambda: _Worker(mp, task, context), chunks, progress, each, self.retries)
        finished = False
        try:
            merge.start(count)
            yield from merge.results()
            finished = True
        finally:
            _stop(merge.workers, politely=finished)


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


@dataclass
class _Slot:
    """A chunk handed out and not yet merged: the games it sent that wait their turn, how many it sent
    (and how many of them to ignore: sent already before its worker died), its result when done."""

    chunk: Chunk
    waiting: list[Any] = field(default_factory=list)
    sent: int = 0
    seen: int = 0
    tries: int = 0
    done: bool = False
    result: Any = None


class _Merge:
    """The games and results of chunks played by workers, passed on in chunk order, at most
    ``2 × workers`` chunks under way or waiting to be merged."""

    def __init__(self, new: Callable[[], _Worker], chunks: Sequence[Chunk], progress: Progress | None,
                 each: Each | None, retries: int) -> None:
        self.new, self.chunks, self.progress, self.each, self.retries = new, chunks, progress, each, retries
        self.workers: list[_Worker] = []
        self.slots: dict[int, _Slot] = {}

    def start(self, count: int) -> None:
        for _ in range(count):
            self.workers.append(self.new())

    def results(self) -> Iterator[Any]:
        window, handed, merged = 2 * len(self.workers), 0, 0
        while merged < len(self.chunks):
            for worker in self.workers:
                if worker.playing is None and handed < len(self.chunks) and handed - merged < window:
                    self.slots[handed] = _Slot(self.chunks[handed])
                    self._give(worker, handed)
                    handed += 1
            while merged in self.slots:  # the head chunk's games go on at once, the others wait their turn
                slot = self.slots[merged]
                for item in slot.waiting:
                    if self.each is not None:
                        self.each(item)
                slot.waiting.clear()
                if not slot.done:
                    break
                del self.slots[merged]
                merged += 1
                yield slot.result
            if merged < len(self.chunks):
                self._receive()

    def _give(self, worker: _Worker, place: int) -> None:
        worker.connection.send(self.slots[place].chunk)
        worker.playing = place

    def _receive(self) -> None:
        busy = {worker.connection: worker for worker in self.workers if worker.playing is not None}
        for ready in wait(list(busy)):
            worker = busy[ready]  # type: ignore[index]
            assert worker.playing is not None
            slot = self.slots[worker.playing]
            try:
                kind, payload = worker.connection.recv()
            except (EOFError, OSError):
                self._replace(worker, slot)
                continue
            if kind == _FAILED:
                raise WorkerError(slot.chunk, payload, slot.seen + 1)
            if kind == _DONE:
                slot.done, slot.result, worker.playing = True, payload, None
                continue
            slot.seen += 1
            if slot.seen > slot.sent:  # not a game sent already, before a worker died
                slot.sent += 1
                slot.waiting.append(payload)
                if self.progress is not None:
                    self.progress(1)

    def _replace(self, worker: _Worker, slot: _Slot) -> None:
        """A worker died: its chunk is played again by a new worker, or the run fails naming it."""
        why, place = worker.died(), worker.playing
        assert place is not None
        worker.connection.close()
        self.workers.remove(worker)
        if slot.tries >= self.retries:
            raise WorkerError(slot.chunk, why, slot.seen + 1)
        slot.tries += 1
        slot.seen = 0
        replacement = self.new()
        self.workers.append(replacement)
        self._give(replacement, place)
