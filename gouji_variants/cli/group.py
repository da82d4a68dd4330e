"""The ``gouji`` click group: the catalogue every command reads, a failed write to standard output as
an error message; the commands live in one module per family."""

from __future__ import annotations

import errno
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from .. import ENGINE, __version__
from .commands import COMMANDS
from .common import EXIT_INTERRUPTED, EXIT_INVALID, EXIT_USAGE, LANG, write_exits

if TYPE_CHECKING:
    from ..ruleset.catalog import Catalog


def _stdout_failed(error: OSError) -> NoReturn:
    """A write to standard output failed (a full disk, /dev/full): say so, send whatever is still
    buffered nowhere, and exit 2. (click itself ends a closed pipe, ``gouji list | head``, quietly.)"""
    if error.errno != errno.EPIPE:
        try:
            click.echo(f"error: cannot write to standard output: {error.strerror}", err=True)
        except OSError:  # standard error is no better: the exit code says it
            pass
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (e.g. tests capturing output)
        pass
    sys.exit(EXIT_USAGE)


#: What the exit codes of every command mean (each command's --help says what they mean for it).
EXITS = {0: "done, and the answer is yes", EXIT_INVALID: "the command ran and the answer is no (invalid, illegal, "
         "different, a failing example, a diverging game)",
         EXIT_USAGE: "it could not do what was asked: a bad option or argument (every command), an unknown "
         "ruleset or one that does not compile, a file that cannot be read or written (standard output "
         "included)",
         EXIT_INTERRUPTED: "Ctrl-C while bots play"}


class _Main(click.Group):
    """The ``gouji`` group: each command's module is loaded when the command runs (:data:`COMMANDS`); its help
    ends with the exit codes; a failed write to standard output is an error message, not a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, function, _ = COMMANDS[cmd_name]
        made: click.Command = getattr(importlib.import_module(f"{__package__}.{module}"), function)
        return made

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands by their lines in :data:`COMMANDS`, without loading one."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, line) for name, (_, _, line) in sorted(COMMANDS.items())])

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        write_exits(formatter, EXITS)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except OSError as error:
            _stdout_failed(error)
        finally:
            try:
                sys.stdout.flush()
            except OSError as error:
                _stdout_failed(error)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gouji", message=f"%(prog)s, version %(version)s (engine: {ENGINE})")
@click.option(
    "--rulesets-dir",
    "rulesets_dirs",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="An extra folder of ruleset files, searched before the built-in ones (repeatable; "
    "GOUJI_RULESETS_PATH adds more).",
)
@click.pass_context
def main(ctx: click.Context, rulesets_dirs: tuple[Path, ...]) -> None:
    """够级 (Gouji) rules as data: pick, author, check and referee rulesets.

    A RULESET is named by its id, an alias, its name (青岛) or its file. The rulesets a command is
    about are its arguments (show, validate, check, card, fingerprint, diff); the ruleset a command
    plays or builds on is its -r/--ruleset option (judge, play, simulate, new). Game records name
    their own (replay, hint).
    """
    from ..ruleset.catalog import Catalog

    catalog = ctx.obj = Catalog.default(rulesets_dirs)
    ctx.call_on_close(lambda: _warn_skipped(catalog, ctx.meta.get(LANG, "en")))


def _warn_skipped(catalog: Catalog, lang: str) -> None:
    """Once the command is done, one warning line per ruleset file the catalogue skipped or did not use (its id
    taken by an earlier file), and a note where a name chose one of several rulesets (a city), in ``lang``."""
    for diagnostic in catalog.skipped:
        click.echo(f"{diagnostic.mark}: warning: {diagnostic.message}; the file was skipped", err=True)
    for diagnostic in catalog.shadowed:
        click.echo(diagnostic.render(lang), err=True)
    for en, zh in catalog.notes.values():
        click.echo(f"注意: {zh}" if lang == "zh" else f"note: {en}", err=True)

