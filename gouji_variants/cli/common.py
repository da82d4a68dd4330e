"""What every command shares: the exit codes, naming a ruleset, failing with a message."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_path
from ..ruleset.errors import RulesetError
from ..ruleset.model import Ruleset

#: The exit codes of every command (README, docs/untrusted-input.md): 0 yes / done; 1 the command ran and its
#: answer is no (validate: a file is invalid; judge: illegal; diff: the rules differ; check: an example fails;
#: replay: a game diverges); 2 the command could not do what was asked (bad arguments, an unknown ruleset, a
#: ruleset that does not compile where one is needed, a file that cannot be read or written).
EXIT_INVALID = 1
EXIT_USAGE = 2


def catalog_of(ctx: click.Context) -> Catalog:
    """The catalogue the ``gouji`` group made (with its --rulesets-dir folders)."""
    catalog: Catalog = ctx.obj
    return catalog


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` on standard error and exit with ``code``."""
    click.echo(message, err=True)
    sys.exit(code)


def load(ctx: click.Context, ref: str) -> Ruleset:
    """The ruleset ``ref`` names, compiled, or exit 2 with its errors."""
    catalog = catalog_of(ctx)
    try:
        return compile_path(catalog.find(ref), catalog)
    except RulesetError as error:
        fail(error.render(), EXIT_USAGE)


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of ruleset ids and aliases (files complete as files)."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or incomplete.endswith((".yaml", ".yml")):
        return [CompletionItem(incomplete, type="file")]
    extra = ctx.find_root().params.get("rulesets_dirs") or ()
    names = {name for entry in Catalog.default(extra).entries() for name in entry.names}
    return [CompletionItem(name) for name in sorted(names) if name.startswith(incomplete)]


def compile_each(ctx: click.Context, refs: tuple[str, ...], invalid: int, ok: Callable[[str, Ruleset], None]) -> None:
    """Compile each ruleset ``refs`` names, calling ``ok`` or printing its errors; then exit 2 when one was
    not found, else ``invalid`` when one did not compile."""
    catalog = catalog_of(ctx)
    code = 0
    for ref in refs:
        try:
            path = catalog.find(ref)
        except RulesetError as error:
            code = EXIT_USAGE
            click.echo(error.render(), err=True)
            continue
        try:
            ruleset = compile_path(path, catalog)
        except RulesetError as error:
            code = max(code, invalid)
            click.echo(error.render(), err=True)
            continue
        ok(ref, ruleset)
    sys.exit(code)
