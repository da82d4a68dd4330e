"""What a worker process does first so that it holds nothing of its parent's and never outlives it: it dies
with its parent (Linux's parent-death signal), closes every descriptor it inherited by forking (the other
workers' channels, the records file, the caller's pipes) and leaves the stop signals to its parent."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

#: The signals that stop a run: the parent handles them and stops its workers, which ignore them.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def inherited(keep: int) -> list[int]:
    """The descriptors a process forked now would inherit, but for standard input, output and error and
    ``keep`` (empty where /proc does not list them: only Linux forks workers, see parallel._starter)."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return []
    return [fd for fd in map(int, names) if fd > 2 and fd != keep]


def block_stop_signals() -> set[int]:
    """Hold the stop signals back while workers start (they inherit the mask, then ignore the signals
    and unblock them); returns the mask to restore. A signal sent meanwhile waits, it is not lost."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS))


def restore_signals(mask: set[int]) -> None:
    """Undo :func:`block_stop_signals`."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def detach(parent: int | None, close: list[int]) -> None:
    """Run first in a worker: die with the parent (``parent``: its pid when forked from it, checked in
    case it died before the signal was asked for), close the ``close`` descriptors, put /dev/null in
    place of standard input, output and error (errors go back over the worker's channel), and ignore
    the stop signals (the parent stops its workers)."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # no C library to ask: the worker still ends at the end of its channel
            pass
    if parent is not None and os.getppid() != parent:
        os._exit(0)
    for fd in close:
        try:
            os.close(fd)
        except OSError:  # closed already
            pass
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
