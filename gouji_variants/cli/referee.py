"""The referee's commands: judge one combination, check a ruleset's examples."""

from __future__ import annotations

import json
import sys

import click

from ..ruleset.cards import Cards
from ..ruleset.grammar import NotationError
from .common import EXIT_INVALID, EXIT_USAGE, catalog_of, command, complete_ruleset, fail, load, ruleset_option


@command("check", exits={0: "every example passes", 1: "an example fails",
                2: "a ruleset or an example is unknown or invalid, or none is named"})
@click.argument("refs", nargs=-1, metavar="RULESET...", shell_complete=complete_ruleset)
@click.option("--all", "every", is_flag=True, help="Check every ruleset the catalogue lists.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: every example, its result and why.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The language of the text report (compiler errors without a Chinese text stay English).")
@click.pass_context
def check(ctx: click.Context, refs: tuple[str, ...], every: bool, as_json: bool, lang: str) -> None:
    """Run the examples of each RULESET (an id, alias, name or file) and report the failing ones."""
    from ..text.check import check as run

    catalog = catalog_of(ctx)
    if every:
        refs = (*refs, *(str(entry.path) for entry in catalog.entries()))
    if not refs:
        fail("error: name at least one ruleset or file, or use --all", EXIT_USAGE)
    report = run(refs, catalog)
    click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2) if as_json else report.render(lang))
    sys.exit(report.exit_code)


def _cards(text: str, what: str) -> Cards:
    try:
        return Cards.parse(text)
    except NotationError as error:
        fail(f"error: {what} {text!r} is not card notation: {error.render()}", EXIT_USAGE)


@command("judge", exits={0: "legal (and beats PREV, with --on)", 1: "illegal, or does not beat PREV",
                2: "PLAY or PREV is not card notation, PREV is not a legal play, the --ruleset is unknown or "
                "does not compile"})
@click.argument("play")
@ruleset_option()
@click.option("--on", "previous", metavar="PREV", help="The play to answer; without it PLAY is only classified.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the stable contract).")
@click.option("--explain", is_flag=True,
              help="Also list the ruleset's kill rules and forbidden plays, each with its id and what it says.")
@click.pass_context
def judge(ctx: click.Context, play: str, ref: str, previous: str | None, as_json: bool, explain: bool) -> None:
    """Referee one combination: is PLAY legal, 够级, and does it beat PREV?"""
    from ..text.judge import BadPrevious, rule_lines
    from ..text.judge import judge as run

    ruleset = load(ctx, ref)
    cards = _cards(play, "PLAY")
    on = _cards(previous, "PREV") if previous is not None else None
    try:
        result = run(ruleset, cards, on)
    except BadPrevious as error:
        fail(f"error: PREV {previous!r} is not a legal play under {ruleset.id}: {error.verdict.en} "
              f"(rule {error.verdict.rule})", EXIT_USAGE)
    lines = rule_lines(ruleset) if explain else []
    if as_json:
        data = result.to_json() | ({"rules": [line.to_json() for line in lines]} if explain else {})
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        kind = "pure 够级" if result.pure_gouji else "够级" if result.gouji else "not 够级"
        status = "legal" if result.valid else "illegal"
        if on is not None and result.valid:
            status = f"beats {on}" if result.beats else f"does not beat {on}"
        click.echo(f"{cards}: {status}" + (f", {kind}" if result.valid else ""))
        click.echo(f"  rule {result.verdict.rule}: {result.verdict.en}")
        click.echo(f"  {result.verdict.zh}")
        for forfeit in result.forfeits:
            click.echo(f"  forfeit {forfeit}")
        if explain:
            click.echo(f"what beats what under {ruleset.id}:")
        for line in lines:
            click.echo(f"  {line.rule}: {line.text}")
            click.echo(f"    {line.en}")
            click.echo(f"    {line.zh}")
    sys.exit(0 if result.ok else EXIT_INVALID)
