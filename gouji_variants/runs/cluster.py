"""A run's matches played on a Dask cluster (the ``[distributed]`` extra): a scheduler's address for a
real cluster, or a local cluster started for the run. The matches are cut and merged exactly as on one
machine (:mod:`.parallel`), so the statistics and records are the same for the same seed."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import CancelledError
from typing import Any, TypeVar

from .parallel import Chunk, Each, Progress, Task, collected, deaf_to_ctrl_c, failed, ordered

R = TypeVar("R")
INSTALL = "pip install 'gouji-variants[distributed]'"
#: How long to wait for a scheduler to answer.
CONNECT_SECONDS = 10


class ClusterError(Exception):
    """The cluster could not be used: the extra is missing, or the scheduler cannot be reached."""


class Dask:
    """Matches played by the workers of a Dask cluster: ``scheduler`` (``tcp://host:8786``), or a local
    cluster of ``workers`` single-threaded processes when it is None. A match whose worker is lost is
    played again elsewhere up to ``retries`` times (the scheduler's ``allowed-failures``: set for a local
    cluster, a remote scheduler's own setting otherwise), then the run fails naming it. The games of a
    match are sent on when it is merged."""

    def __init__(self, scheduler: str | None, workers: int, retries: int = 0) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.retries = retries

    def run(self, task: Task[R], context: Any, chunks: Sequence[Chunk], progress: Progress | None,
            each: Each | None = None) -> Generator[R, None, None]:
        try:  # untyped, and optional: reached through Any
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError(f"--backend dask needs Dask distributed, the [distributed] extra: {INSTALL}") from None
        cluster = None
        if self.scheduler is None:
            config: Any = importlib.import_module("dask.config")
            with config.set({"distributed.scheduler.allowed-failures": self.retries}):
                cluster = deaf_to_ctrl_c(lambda: distributed.LocalCluster(
                    n_workers=self.workers, threads_per_worker=1, dashboard_address=":0",
                    silence_logs=logging.CRITICAL))
        try:
            client = distributed.Client(cluster or self.scheduler, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(f"cannot reach the Dask scheduler at {self.scheduler}: {error}") from None
        try:
            shared = [client.scatter(context, broadcast=True, hash=False)]  # sent once to every worker

            def submit(chunk: Chunk) -> Any:
                return client.submit(collected, task, shared[0], chunk, pure=False)

            def again(chunk: Chunk) -> Any:  # a lost worker can take the scattered context with the match
                shared[0] = client.scatter(context, broadcast=True, hash=False)
                return submit(chunk)

            window = 2 * max(1, sum(client.nthreads().values()))
            for chunk, future in ordered(submit, chunks, window, progress):
                result, items = self._settled(chunk, future, again, progress)
                for item in items:
                    if each is not None:
                        each(item)
                yield result
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    def _settled(self, chunk: Chunk, future: Any, again: Callable[[Chunk], Any], progress: Progress | None) -> Any:
        """The chunk's result; a match the scheduler cancelled (it forgot the match or its context with a lost
        worker) is submitted again, up to ``retries`` times, before the run fails naming it."""
        for tries in range(self.retries + 1):
            try:
                found = future.result()
            except CancelledError:
                if tries == self.retries:
                    break
                future = again(chunk)
                continue
            except Exception:
                break
            if tries and progress is not None:  # a resubmitted match is not counted by ordered()
                progress(chunk.games)
            return found
        return failed(chunk, future)
