"""Helpers for the tests of long runs (workers, a cluster): the command in-process, and interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner, Result

from gouji_variants.cli import main

#: The parts of a report that are timings, different on every run.
TIMINGS = ("seconds", "games_per_second", "decisions_per_second")


def gouji(*args: str | Path) -> Result:
    """``gouji ARGS`` in this process; never a traceback."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def interrupted(args: list[str], after: float) -> tuple[int, bytes, bool]:
    """Run ``gouji ARGS`` in its own process group, press Ctrl-C (SIGINT to the whole group, as a
    terminal does) ``after`` seconds after its first record is written (with ``--records``: the run is
    under way however slow the machine): its exit code, its standard error, and whether any process of the
    group is still alive 10 s later."""
    # Ctrl-C handled as on a terminal, even when this suite runs in the background of a shell (which
    # starts its background jobs with SIGINT ignored, and children inherit that)
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from gouji_variants.cli import main; sys.exit(main())")
    child = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, start_new_session=True)
    records = Path(args[args.index("--records") + 1]) if "--records" in args else None
    try:
        deadline = time.monotonic() + 120
        while records is not None and not (records.exists() and records.read_bytes().count(b"\n")) \
                and time.monotonic() < deadline:
            assert child.poll() is None, "the run ended before its first record"
            time.sleep(0.05)
        time.sleep(after)
        assert child.poll() is None, "the run ended before Ctrl-C"
        os.killpg(child.pid, signal.SIGINT)
        _, stderr = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while _group_alive(child.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return child.returncode, stderr, _group_alive(child.pid)
