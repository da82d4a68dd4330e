"""Stopping a run by a signal: Ctrl-C (SIGINT), SIGTERM and SIGHUP all raise :class:`Interrupted` in the
run's main thread, so that the run stops its workers and keeps what it wrote. A signal that arrives while
a record is being written waits until the record is whole (:func:`uninterrupted`)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from .detach import STOP_SIGNALS


class Interrupted(KeyboardInterrupt):
    """A run stopped by signal ``signum``; ``status`` is the exit status a shell expects (128 + signum)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.status = 128 + signum
        super().__init__(signal.Signals(signum).name)


class _Held:
    """Whether a signal must wait (a record is being written), and the one that waited."""

    holding = False
    pending: int | None = None


def _raise(signum: int, frame: FrameType | None) -> None:
    if _Held.holding:
        _Held.pending = signum
    else:
        raise Interrupted(signum)


@contextmanager
def stoppable() -> Iterator[None]:
    """Within it, the stop signals raise :class:`Interrupted` (in the main thread; elsewhere, nothing
    changes); the previous handlers come back after it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _raise) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Within it, a stop signal waits; it is raised at its end (unless the body raised already)."""
    if _Held.holding:
        yield
        return
    _Held.holding = True
    try:
        yield
    finally:
        _Held.holding = False
        pending, _Held.pending = _Held.pending, None
    if pending is not None:
        raise Interrupted(pending)
