"""Agreeing on house rules: diff (rule by rule, and by simulation), card."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from ..ruleset.errors import RulesetError
from ..ruleset.model import Ruleset
from .common import EXIT_INVALID, EXIT_USAGE, LANG, catalog_of, command, complete_ruleset, fail, load
from .running import (
    RUN_FAILS,
    RUN_STOPPED,
    SEED,
    agents_named,
    agents_option,
    backend_named,
    progress_bar,
    run_scaled,
    scale_options,
)

if TYPE_CHECKING:
    from ..runs.parallel import Backend
    from ..text.behaviour import Behaviour
    from ..text.card import Format as CardFormat
    from ..text.diff import Diff, Format
    from ..text.explain import Lang


#: The most games per ruleset ``diff --simulate`` plays (it keeps each game's values).
MAX_DIFF_GAMES = 100_000



def _print_diff(result: Diff, fmt: str, lang: str, provenance: bool) -> None:
    from rich.console import Console
    from rich.text import Text

    from ..text.diff import render, render_text

    if fmt != "text":
        click.echo(render(result, cast("Format", fmt), cast("Lang", lang), provenance), nl=False)
        return
    from ..text.fit import fit

    console = Console(highlight=False, soft_wrap=True)
    for line, style in render_text(result, cast("Lang", lang), provenance):
        for piece in fit(line, console.width, "      ") if console.is_terminal else [line]:
            console.print(Text(piece, style=style))


@command("diff", exits={0: "the rules are the same", 1: "they differ",
                        2: "A or B is unknown or does not compile, A extends nothing to compare with; with --simulate, "
                        f"fewer than 2 or more than {MAX_DIFF_GAMES:,} games, {RUN_FAILS}",
                        **{code: f"with --simulate, {why}" for code, why in RUN_STOPPED.items()}})
@click.argument("first", metavar="A", shell_complete=complete_ruleset)
@click.argument("second", metavar="[B]", required=False, shell_complete=complete_ruleset)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the sentences saying what each difference changes.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each side's value.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--simulate", "games", type=click.IntRange(2, MAX_DIFF_GAMES), metavar="N",
              help=f"Also self-play N seeded games (2 to {MAX_DIFF_GAMES}) under each ruleset and compare what "
              "players see.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the simulated matches.")
@click.option("--seed-b", type=SEED, help="Another seed for B's match (default: --seed, the same deals).")
@agents_option
@scale_options
@click.pass_context
def diff_command(ctx: click.Context, first: str, second: str | None, lang: str, provenance: bool, fmt: str,
                 as_json: bool, games: int | None, seed: int, seed_b: int | None, spec: str, workers: int | None,
                 backend: str, scheduler: str | None, retries: int) -> None:
    """Compare rulesets A and B (each an id, alias, name or file) rule by rule, after 'extends'; with A
    alone, a house-rules file and what it extends."""
    from ..text.diff import NoBase, base_of, diff

    fmt = "json" if as_json else fmt
    ctx.meta[LANG] = lang
    a = load(ctx, first)
    if second is None:
        try:
            a, b = base_of(a, catalog_of(ctx)), a
        except NoBase as error:
            fail(f"error: A: {error}", EXIT_USAGE)
        except RulesetError as error:
            fail(error.render(lang), EXIT_USAGE)
    else:
        b = load(ctx, second)
    result = diff(a, b)
    if games is None:
        if workers is not None or backend != "local" or scheduler is not None or retries:
            fail("error: --workers, --backend, --scheduler and --retries go with --simulate", EXIT_USAGE)
        _print_diff(result, fmt, lang, provenance)
        sys.exit(0 if result.same else EXIT_INVALID)
    players = backend_named(workers, backend, scheduler, retries)
    behaviour = _simulate_both(a, b, games, (seed, seed if seed_b is None else seed_b), spec, fmt == "json", players)
    from ..text import behaviour as report
    from ..text.diff import to_json

    if fmt == "json":
        click.echo(json.dumps({**to_json(result, provenance), "behaviour": behaviour.to_json()}, ensure_ascii=False,
                              indent=2))
    else:
        _print_diff(result, fmt, lang, provenance)
        text = report.render_text(behaviour, cast("Lang", lang)) if fmt == "text" else report.render_markdown(behaviour)
        click.echo("\n" + text, nl=False)
    sys.exit(0 if result.same else EXIT_INVALID)


def _simulate_both(a: Ruleset, b: Ruleset, games: int, seeds: tuple[int, int], spec: str,
                   quiet: bool, players: Backend) -> Behaviour:
    from ..text.behaviour import behavioural_diff

    agents = agents_named(spec)
    with progress_bar(quiet) as progress:
        task = progress.add_task(f"{a.id} / {b.id}: {games} games each", total=2 * games)
        return run_scaled(lambda: behavioural_diff(a, b, games, seeds, agents, lambda n: progress.advance(task, n),
                                                    players))


@command("card", exits={0: "printed (or written)", 2: "the ruleset is unknown or does not compile, --output cannot be "
                "written"})
@click.argument("ruleset", metavar="RULESET", shell_complete=complete_ruleset)
@click.option("--format", "fmt", type=click.Choice(["txt", "md", "html"]), default="txt", show_default=True)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file.")
@click.pass_context
def card(ctx: click.Context, ruleset: str, fmt: str, lang: str, output: Path | None) -> None:
    """A one-page rule card of RULESET (an id, alias, name or file) to agree on before dealing: name,
    fingerprint, departures from 大纲, the rest."""
    from ..ruleset.compiler import BASE_ID
    from ..text.card import build, render

    loaded = load(ctx, ruleset)
    text = render(build(loaded, load(ctx, BASE_ID), cast("Lang", lang)), cast("CardFormat", fmt))
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"error: cannot write {output}: {error.strerror}", EXIT_USAGE)
    click.echo(f"wrote {output} ({loaded.id}, fingerprint {loaded.fingerprint})")
