"""What every command shares: the exit codes (and their section of ``--help``), naming a ruleset,
failing with a message."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import click

from .commands import COMMANDS

if TYPE_CHECKING:  # the rulesets' modules load when a command first needs them: `gouji --help` loads none
    from ..ruleset.catalog import Catalog
    from ..ruleset.model import Ruleset

#: The exit codes of every command (README, docs/untrusted-input.md): 0 yes / done; 1 the command ran and its
#: answer is no (validate: a file is invalid; judge: illegal; diff: the rules differ; check: an example fails;
#: replay: a game diverges); 2 the command could not do what was asked (bad arguments, an unknown ruleset, a
#: ruleset that does not compile where one is needed, a file that cannot be read or written).
EXIT_INVALID = 1
EXIT_USAGE = 2
#: Ctrl-C while bots play (play, simulate, diff --simulate): the workers are stopped first.
EXIT_INTERRUPTED = 130
#: How a command names rulesets (the group's --help, README "Commands"): a RULESET is an id, an alias, a name
#: or a file; the rulesets a command is about are its arguments, the one a command plays by is -r/--ruleset.
RULESET_HELP = "Ruleset id, alias, name (青岛), city (heze) or file."
#: The key of ``ctx.meta`` holding the language a command with --lang reports in (the group's warnings follow it).
LANG = "gouji.lang"



def catalog_of(ctx: click.Context) -> Catalog:
    """The catalogue the ``gouji`` group made (with its --rulesets-dir folders)."""
    catalog: Catalog = ctx.obj
    return catalog


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` on standard error and exit with ``code``."""
    click.echo(message, err=True)
    sys.exit(code)


def load(ctx: click.Context, ref: str, kind: str | None = None) -> Ruleset:
    """The ruleset ``ref`` names, compiled, or exit 2 with its errors (suggesting rulesets of ``kind`` when
    none is named so), in the command's language."""
    from ..ruleset.compiler import compile_path
    from ..ruleset.errors import RulesetError

    catalog = catalog_of(ctx)
    try:
        return compile_path(catalog.find(ref, kind=kind), catalog)
    except RulesetError as error:
        fail(error.render(ctx.meta.get(LANG, "en")), EXIT_USAGE)


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of ruleset ids and aliases (files complete as files)."""
    from click.shell_completion import CompletionItem

    from ..ruleset.catalog import Catalog

    if "/" in incomplete or incomplete.endswith((".yaml", ".yml")):
        return [CompletionItem(incomplete, type="file")]
    extra = ctx.find_root().params.get("rulesets_dirs") or ()
    names = {name for entry in Catalog.default(extra).entries() for name in entry.names}
    return [CompletionItem(name) for name in sorted(names) if name.startswith(incomplete)]


def compile_each(ctx: click.Context, refs: tuple[str, ...], invalid: int, ok: Callable[[str, Ruleset], None],
                 lang: str = "en") -> None:
    """Compile each ruleset ``refs`` names, calling ``ok`` or printing its errors (in ``lang`` where they have
    it); then exit 2 when one was not found, else ``invalid`` when one did not compile."""
    from ..ruleset.compiler import compile_path
    from ..ruleset.errors import RulesetError

    catalog = catalog_of(ctx)
    ctx.meta[LANG] = lang
    code = 0
    for ref in refs:
        try:
            path = catalog.find(ref)
        except RulesetError as error:
            code = EXIT_USAGE
            click.echo(error.render(lang), err=True)
            continue
        try:
            ruleset = compile_path(path, catalog)
        except RulesetError as error:
            code = max(code, invalid)
            click.echo(error.render(lang), err=True)
            continue
        ok(ref, ruleset)
    sys.exit(code)


def write_exits(formatter: click.HelpFormatter, exits: dict[int, str]) -> None:
    """The ``Exit codes`` section that ends every ``--help``."""
    with formatter.section("Exit codes"):
        formatter.write_dl([(str(code), meaning) for code, meaning in sorted(exits.items())])


class Command(click.Command):
    """A command whose ``--help`` ends with what each of its exit codes means."""

    def __init__(self, *args: Any, exits: dict[int, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.exits = {EXIT_USAGE: "a bad option or argument", **exits}

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        write_exits(formatter, self.exits)


def command(name: str, *, exits: dict[int, str]) -> Callable[[Callable[..., Any]], Command]:
    """``click.command`` ``name``, listed by its line in :data:`COMMANDS`, its help ending with ``exits`` (code ->
    when)."""
    return click.command(name, cls=Command, exits=exits, short_help=COMMANDS[name][2])


def ruleset_option(older: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``-r/--ruleset`` (default dagang): the ruleset a command plays or builds on; ``older``, an older
    spelling still accepted."""
    note = f" ({older} is the older spelling.)" if older else ""
    return click.option("--ruleset", "-r", *((older,) if older else ()), "ref", default="dagang", show_default=True,
                        metavar="RULESET", help=RULESET_HELP + note, shell_complete=complete_ruleset)
