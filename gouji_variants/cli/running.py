"""What the commands that play games share: the options naming bots, a progress bar, who plays the
matches (--workers, --backend, --scheduler), a records file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from ..agents.basic import DEFAULT_AGENTS
from ..agents.registry import ABOUT, PARAMETERS, PLAYERS, make_agent, make_agents
from .common import EXIT_INTERRUPTED, EXIT_USAGE, fail

if TYPE_CHECKING:
    from rich.progress import Progress

    from ..engine import Agent
    from ..runs.parallel import Backend


T = TypeVar("T")
#: Seeds: 64 bits, as random.Random takes them whole.
SEED = click.IntRange(0, 2**64 - 1)
#: How often a match whose worker died may be played again.
MAX_RETRIES = 100
#: Every registered bot, what it is and its parameter: the help of each option that takes a bot.
BOTS_HELP = "; ".join(f"{name}[:X] ({ABOUT[name]}; X is {PARAMETERS[name]})" if name in PARAMETERS
                      else f"{name} ({ABOUT[name]})" for name in PLAYERS)


def bot_option(name: str, dest: str, default: str, lead: str, metavar: str = "BOT"
               ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An option naming a bot (or, as ``--agents``, bots): ``lead``, then every bot of the registry."""
    return click.option(name, dest, default=default, show_default=True, metavar=metavar,
                        help=f"{lead} {BOTS_HELP}.")


#: Why a run of matches (simulate, diff --simulate) exits 2 or 130, whatever it plays.
RUN_FAILS = ("--agents names no bots, --workers (1 to 4 x the cores), --retries (0 to 100), --backend or --scheduler "
             "is refused, a match failed (the engine, or its worker died: which match, its seed, which game), the "
             "Dask scheduler or extra is missing")
#: How a run stopped by a signal exits: every worker stopped, every game finished in order kept.
RUN_STOPPED = {status: f"{how}: every worker process is stopped, the games finished in order kept"
               for status, how in ((128 + 1, "SIGHUP"), (EXIT_INTERRUPTED, "Ctrl-C"), (128 + 15, "SIGTERM"))}
#: ``--agents`` of simulate and diff --simulate.
agents_option = bot_option(
    "--agents", "spec", DEFAULT_AGENTS, "The bots: one for all seats, or a comma list of up to six cycled over "
    "seats 0-5 (heuristic,basic: team 0 heuristic). A bot is", "BOTS")


def agents_named(spec: str) -> list[Agent]:
    """The agents ``--agents`` names, or exit 2."""
    try:
        return make_agents(spec)
    except ValueError as error:
        fail(f"error: --agents: {error}", EXIT_USAGE)


def agent_named(spec: str, option: str) -> Agent:
    """The one agent ``option`` names, or exit 2."""
    try:
        return make_agent(spec)
    except ValueError as error:
        fail(f"error: {option}: {error}", EXIT_USAGE)


def progress_bar(quiet: bool) -> Progress:
    """A progress bar on stderr, only on a terminal: stdout keeps the report alone."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    return Progress(console=console, transient=True, disable=quiet or not console.is_terminal)


def scale_options(command: Callable[..., None]) -> Callable[..., None]:
    """--workers, --backend, --scheduler and --retries: who plays the matches of a run (docs/engine.md)."""
    options = [
        click.option("--workers", type=int, metavar="N",
                     help="Worker processes (default: the cores available); the results do not depend on it."),
        click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="local: processes of this machine; dask: a Dask cluster (the [distributed] extra)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="With --backend dask: the scheduler (tcp://host:8786); without it a local cluster of "
                     "--workers processes is started."),
        click.option("--retries", type=click.IntRange(0, MAX_RETRIES), default=0, show_default=True,
                     help="How often a match whose worker died (killed, out of memory, a lost Dask worker) is "
                     "played again elsewhere before the run fails; the results are the same."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def backend_named(workers: int | None, backend: str, scheduler: str | None, retries: int) -> Backend:
    """The backend the options name, or exit 2."""
    from ..runs.parallel import Processes, available_cores, check_workers

    if workers is not None:
        try:
            check_workers(workers)
        except ValueError as error:
            fail(f"error: --workers: {error}", EXIT_USAGE)
    if backend == "local":
        if scheduler is not None:
            fail("error: --scheduler needs --backend dask", EXIT_USAGE)
        return Processes(workers or available_cores(), retries)
    if scheduler is not None and workers is not None:
        fail("error: --workers sets the size of a local cluster; with --scheduler the cluster's own workers "
              "play", EXIT_USAGE)
    from ..runs.cluster import Dask

    return Dask(scheduler, workers or available_cores(), retries)


def run_scaled(run: Callable[[], T], kept: Callable[[], str] = lambda: "") -> T:
    """``run()``, with a failed match, worker, cluster or records file as a message and exit 2, and a stop
    signal (Ctrl-C, SIGTERM, SIGHUP) as one line (``kept()`` adds what was kept) and exit 128 + the signal."""
    from ..records.files import RecordFileError
    from ..runs.cluster import ClusterError
    from ..runs.parallel import WorkerError
    from ..runs.resume import ResumeError
    from ..runs.stopping import Interrupted, stoppable

    try:
        with stoppable():
            return run()
    except ClusterError as error:
        fail(f"error: --backend dask: {error}", EXIT_USAGE)
    except WorkerError as error:
        fail(f"error: {error}", EXIT_USAGE)
    except RecordFileError as error:
        fail(f"error: --records: {error}", EXIT_USAGE)
    except ResumeError as error:
        fail(f"error: --resume: {error}", EXIT_USAGE)
    except KeyboardInterrupt as error:  # the workers are stopped already (runs/parallel.py)
        how = f"by {error.args[0]}" if isinstance(error, Interrupted) else "by Ctrl-C"
        fail(f"\ninterrupted {how}{kept()}", error.status if isinstance(error, Interrupted) else EXIT_INTERRUPTED)


def records_file(path: Path, option: str = "--records") -> TextIO:
    """``path`` opened for writing records, checked before any game is played; or exit 2."""
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        fail(f"error: {option}: cannot write {path}: {error.strerror}", EXIT_USAGE)
