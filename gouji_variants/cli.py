"""The ``gouji`` command line."""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

import click
import yaml

from . import __version__, schema
from .cards import Cards
from .catalog import Catalog
from .compiler import Ruleset, compile_path
from .errors import RulesetError
from .grammar import NotationError
from .rules import SECTIONS

if TYPE_CHECKING:
    from .behaviour import Behaviour
    from .card import Format as CardFormat
    from .diff import Diff, Format
    from .engine import Agent
    from .explain import Lang

#: The exit codes of every command (README, docs/untrusted-input.md): 0 yes / done; 1 the command ran and its
#: answer is no (validate: a file is invalid; judge: illegal; diff: the rules differ; check: an example fails;
#: replay: a game diverges); 2 the command could not do what was asked (bad arguments, an unknown ruleset, a
#: ruleset that does not compile where one is needed, a file that cannot be read or written).
EXIT_INVALID = 1
EXIT_USAGE = 2


def _catalog(ctx: click.Context) -> Catalog:
    catalog: Catalog = ctx.obj
    return catalog


def _fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(code)


def _load(ctx: click.Context, ref: str) -> Ruleset:
    """The ruleset ``ref`` names, compiled, or exit 2 with its errors."""
    catalog = _catalog(ctx)
    try:
        return compile_path(catalog.find(ref), catalog)
    except RulesetError as error:
        _fail(error.render(), EXIT_USAGE)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gouji")
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
    """够级 (Gouji) rules as data: pick, author, check and referee rulesets."""
    catalog = ctx.obj = Catalog.default(rulesets_dirs)
    ctx.call_on_close(lambda: _warn_skipped(catalog))


def _warn_skipped(catalog: Catalog) -> None:
    """One warning line per ruleset file the catalogue skipped, once the command is done."""
    for diagnostic in catalog.skipped:
        click.echo(f"{diagnostic.mark}: warning: {diagnostic.message}; the file was skipped", err=True)


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_context
def list_command(ctx: click.Context, as_json: bool) -> None:
    """List the rulesets: id, 中文名, region, aliases, fingerprint."""
    catalog = _catalog(ctx)
    rows: list[dict[str, Any]] = []
    for entry in catalog.entries():
        try:
            ruleset = compile_path(entry.path, catalog)
            rows.append({"id": ruleset.id, "kind": ruleset.kind, "name_zh": ruleset.name_zh,
                         "region": ruleset.region, "aliases": list(ruleset.aliases),
                         "fingerprint": ruleset.fingerprint, "path": str(entry.path)})
        except RulesetError as error:
            rows.append({"id": entry.id, "kind": "", "name_zh": "", "region": "", "aliases": [],
                         "fingerprint": "invalid", "path": str(entry.path),
                         "error": error.diagnostics[0].render()})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="够级 rulesets")
    for column in ("id", "中文名", "region", "aliases", "fingerprint"):
        table.add_column(column, overflow="fold")
    for row in rows:  # names are the rulesets' text, never rich markup
        kind = " (pack)" if row["kind"] == "option-pack" else ""
        cells = (row["id"] + kind, row["name_zh"], row["region"], ", ".join(row["aliases"]), row["fingerprint"])
        table.add_row(*(escape(cell) for cell in cells))
    Console().print(table)


def dump_yaml(data: dict[str, Any], comments: dict[str, str] | None = None) -> str:
    """Block YAML for the top two levels, flow style below, optional end-of-line comments."""
    comments = comments or {}
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict) and key in SECTIONS:
            lines.append(f"{key}:")
            for sub, item in value.items():
                note = comments.get(f"{key}.{sub}")
                lines.append(f"  {sub}: {_flow(item)}" + (f"  # {note}" if note else ""))
        else:
            lines.append(yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, width=100).rstrip())
    return "\n".join(lines) + "\n"


def _rule_in(data: dict[str, Any], key: str) -> bool:
    section, sub = key.split(".")
    return isinstance(data.get(section), dict) and sub in data[section]


def _flow(value: Any) -> str:
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000)
    return text.removesuffix("\n...\n").strip()


@main.command()
@click.argument("ruleset")
@click.option("--resolved", is_flag=True, help="Show every rule after 'extends', not only the file's own.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each rule.")
@click.option("--format", "fmt", type=click.Choice(["yaml", "json"]), default="yaml", show_default=True)
@click.pass_context
def show(ctx: click.Context, ruleset: str, resolved: bool, provenance: bool, fmt: str) -> None:
    """Show a ruleset by id, alias, name (e.g. 青岛) or path."""
    loaded = _load(ctx, ruleset)
    data = loaded.resolved() if resolved else dict(loaded.own)
    marks = {key: str(mark) for key, mark in loaded.provenance.items()} if provenance else {}
    if not resolved:
        marks = {key: mark for key, mark in marks.items() if _rule_in(data, key)}
    if fmt == "json":
        payload: dict[str, Any] = {"id": loaded.id, "fingerprint": loaded.fingerprint, "path": str(loaded.path),
                                   "ruleset": data}
        if provenance:
            payload["provenance"] = marks
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    header = f"# {loaded.id}: {loaded.name_zh} / {loaded.name_en} — fingerprint {loaded.fingerprint}\n"
    click.echo(header + dump_yaml(data, marks), nl=False)


def _compile_each(ctx: click.Context, refs: tuple[str, ...], invalid: int, ok: Callable[[str, Ruleset], None]) -> None:
    """Compile each ruleset ``refs`` names, calling ``ok`` or printing its errors; then exit 2 when one was
    not found, else ``invalid`` when one did not compile."""
    catalog = _catalog(ctx)
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


@main.command()
@click.argument("refs", nargs=-1, required=True, metavar="RULESET|FILE...")
@click.pass_context
def validate(ctx: click.Context, refs: tuple[str, ...]) -> None:
    """Check ruleset files (or rulesets by id, alias or name), reporting every error of each.

    Exit 0 when all are valid, 1 when any is not, 2 when one cannot be found.
    """
    _compile_each(ctx, refs, EXIT_INVALID,
                  lambda ref, ruleset: click.echo(f"{ref}: ok — {ruleset.id}, fingerprint {ruleset.fingerprint}"))


@main.command()
@click.argument("refs", nargs=-1, metavar="RULESET|FILE...")
@click.option("--all", "every", is_flag=True, help="Check every ruleset the catalogue lists.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: every example, its result and why.")
@click.pass_context
def check(ctx: click.Context, refs: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Run the examples of rulesets (by id, alias, name or path) and report the failing ones.

    Exit 0 when every example passes, 1 when one fails, 2 when a ruleset or an example is invalid.
    """
    from .examples import check as run

    catalog = _catalog(ctx)
    if every:
        refs = (*refs, *(str(entry.path) for entry in catalog.entries()))
    if not refs:
        _fail("error: name at least one ruleset or file, or use --all", EXIT_USAGE)
    report = run(refs, catalog)
    click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2) if as_json else report.render())
    sys.exit(report.exit_code)


@main.command("schema")
@click.option("--draft", type=click.Choice(["2020-12", "07"]), default="2020-12", show_default=True,
              help="07 is for editors whose YAML support lacks 2020-12.")
def schema_command(draft: str) -> None:
    """Print the ruleset JSON Schema."""
    click.echo(schema.render(draft), nl=False)


#: Keys that house rules change most often, offered commented-out by ``gouji new``.
HOUSE_KEYS = (
    "plays.kills", "plays.attach_twos", "gouji.thresholds", "burning.enabled", "kaidian.enabled",
    "bie3.enabled", "reporting.public_at_most", "reporting.teammate_view_at_most", "tribute.order",
    "first_player.first_game",
)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "base", default="dagang", show_default=True, help="The ruleset to build on.")
@click.pass_context
def new(ctx: click.Context, file: Path, base: str) -> None:
    """Write a house-rules FILE that extends BASE, ready to edit."""
    if file.exists():
        _fail(f"error: {file} already exists; choose another name or remove it first", EXIT_USAGE)
    parent = _load(ctx, base)
    slug = re.sub(r"[^a-z0-9]+", "-", file.stem.lower()).strip("-") or "house-rules"
    title = file.stem if file.stem.isprintable() else slug  # never a line break or a control character
    shown = shlex.quote(file.name if file.name.isprintable() else f"{slug}.yaml")
    data = parent.rule_data()
    lines = [  # every value through the YAML dumper: 'true', '2024' or 'a: b' stay strings
        f"# yaml-language-server: $schema={schema.SCHEMA_DIR / schema.FILES['07']}",
        f"# House rules built on {parent.name_zh} / {parent.name_en} ({parent.id}, fingerprint {parent.fingerprint}).",
        f"# Everything not set here comes from {parent.id}. Uncomment and edit what your table changes, then:",
        f"#   gouji validate {shown}    gouji show {shown} --resolved --provenance",
        f"id: {_flow(slug)}",
        "kind: ruleset",
        "name:",
        f"  zh: {_flow(title + '家规')}",
        f"  en: {_flow(title + ' house rules')}",
        "description:",
        f"  zh: {_flow(f'在{parent.name_zh}基础上的家规。')}",
        f"  en: {_flow(f'House rules on top of {parent.name_en}.')}",
        f"extends: [{_flow(parent.id)}]",
        "",
        f"# The rules tables change most often, with {parent.id}'s values:",
    ]
    section = ""
    for key in HOUSE_KEYS:
        name, sub = key.split(".")
        if name != section:
            lines.append(f"# {name}:")
            section = name
        lines.append(f"#   {sub}: {_flow(data[name][sub])}")
    try:
        with file.open("x", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    except OSError as error:
        _fail(f"error: cannot write {file}: {error.strerror}", EXIT_USAGE)
    click.echo(f"wrote {file} (extends {parent.id}); edit it, then run: gouji validate {file}")


def _cards(text: str, what: str) -> Cards:
    try:
        return Cards.parse(text)
    except NotationError as error:
        _fail(f"error: {what} {text!r} is not card notation: {error.render()}", EXIT_USAGE)


@main.command()
@click.argument("play")
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.")
@click.option("--on", "previous", metavar="PREV", help="The play to answer; without it PLAY is only classified.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the stable contract).")
@click.pass_context
def judge(ctx: click.Context, play: str, ref: str, previous: str | None, as_json: bool) -> None:
    """Referee one combination: is PLAY legal, 够级, and does it beat PREV?

    Exit 0 when legal (and beating, with --on), 1 when not, 2 for bad input.
    """
    from .judge import BadPrevious
    from .judge import judge as run

    ruleset = _load(ctx, ref)
    cards = _cards(play, "PLAY")
    on = _cards(previous, "PREV") if previous is not None else None
    try:
        result = run(ruleset, cards, on)
    except BadPrevious as error:
        _fail(f"error: PREV {previous!r} is not a legal play under {ruleset.id}: {error.verdict.en} "
              f"(rule {error.verdict.rule})", EXIT_USAGE)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        kind = "pure 够级" if result.pure_gouji else "够级" if result.gouji else "not 够级"
        status = "legal" if result.valid else "illegal"
        if on is not None and result.valid:
            status = f"beats {on}" if result.beats else f"does not beat {on}"
        click.echo(f"{cards}: {status}" + (f", {kind}" if result.valid else ""))
        click.echo(f"  rule {result.verdict.rule}: {result.verdict.en}")
        click.echo(f"  {result.verdict.zh}")
    sys.exit(0 if result.ok else EXIT_INVALID)


def _playable(ctx: click.Context, ref: str) -> Ruleset:
    """A ruleset the engine can play, or exit 2 with the reason."""
    return _check_playable(_load(ctx, ref))


def _check_playable(ruleset: Ruleset, option: str = "") -> Ruleset:
    from .engine import NotSupported, check_supported

    try:
        check_supported(ruleset)
    except NotSupported as error:
        _fail(f"error: {option}the engine cannot play {ruleset.id}: {error}", EXIT_USAGE)
    return ruleset


def _agents(spec: str) -> list[Agent]:
    """The agents ``--agents`` names, or exit 2."""
    from .engine import make_agents

    try:
        return make_agents(spec)
    except ValueError as error:
        _fail(f"error: --agents: {error}", EXIT_USAGE)


@main.command()
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.")
@click.option("-n", "games", type=int, default=100, show_default=True, help="How many games (one match).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the match.")
@click.option("--agents", "spec", default="random", show_default=True,
              help="random, heuristic, or a comma list cycled over seats 0-5 (heuristic,random: team 0 heuristic).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every game record to this file, one JSON object per line (for gouji replay).")
@click.pass_context
def simulate(ctx: click.Context, ref: str, games: int, seed: int, spec: str, as_json: bool,
             records: Path | None) -> None:
    """Self-play N games: speed, team win rates, decisions per game and rule statistics."""
    from rich.progress import Progress

    from .engine.simulate import report
    from .engine.simulate import simulate as run

    if games < 1:
        _fail(f"error: -n must be at least 1, got {games}", EXIT_USAGE)
    agents = _agents(spec)
    ruleset = _playable(ctx, ref)
    out = records.open("w", encoding="utf-8") if records else None

    def keep(record: dict[str, Any]) -> None:
        assert out is not None
        out.write(json.dumps(record, ensure_ascii=False) + "\n")

    with Progress(transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{ruleset.id}: {games} games", total=games)
        result = run(ruleset, games, seed, agents, lambda: progress.advance(task), keep if out else None)
    if out is not None:
        out.close()
    if as_json:
        click.echo(json.dumps({"ruleset": ruleset.id, "fingerprint": ruleset.fingerprint, "seed": seed,
                               **result.to_json()}, ensure_ascii=False))
    else:
        click.echo(f"{ruleset.id} ({ruleset.fingerprint}), seed {seed}")
        click.echo(report(result))


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_context
def replay(ctx: click.Context, file: Path) -> None:
    """Re-play game records (one JSON object, or one per line) and report the first divergence.

    Exit 0 when every game re-plays exactly, 1 when one diverges, 2 when FILE cannot be read.
    """
    from .engine.record import replay as run

    try:
        text = file.read_text(encoding="utf-8")
        stripped = text.strip()
        records = [json.loads(stripped)] if stripped.startswith("{") and "\n{" not in stripped else [
            json.loads(line) for line in stripped.splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        _fail(f"error: cannot read game records from {file}: {error}", EXIT_USAGE)
    failed = 0
    for index, record in enumerate(records, 1):
        if not isinstance(record, dict):
            _fail(f"error: record {index} in {file} is not a JSON object", EXIT_USAGE)
        try:
            result = run(record, _catalog(ctx))
        except (RulesetError, KeyError, TypeError, ValueError) as error:
            failed += 1
            click.echo(f"game {index}: cannot replay: {error}")
            continue
        if result.ok and result.game is not None:
            click.echo(f"game {index}: ok — seed {record.get('seed')}, {len(record.get('actions', []))} actions, "
                       f"places {' '.join(result.game.place_names() or [])}")
        else:
            failed += 1
            click.echo(f"game {index}: diverges at {result.divergence}")
    sys.exit(EXIT_INVALID if failed else 0)


@main.command()
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.")
@click.option("--seat", type=click.IntRange(0, 5), default=0, show_default=True, help="Your seat (0-5).")
@click.option("--seed", type=int, default=None, help="Seed of the deal (random when omitted).")
@click.pass_context
def play(ctx: click.Context, ref: str, seat: int, seed: int | None) -> None:
    """Play one game in the terminal against five heuristic bots (type 'help')."""
    import random

    from .engine import Game, HeuristicAgent
    from .engine.terminal import HELP, play_game, tribute_text

    ruleset = _playable(ctx, ref)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    game = Game(ruleset, seed)
    click.echo(f"{ruleset.name_zh} / {ruleset.name_en} — seed {seed}; you are seat {seat}, your 对头 is seat "
               f"{(seat + 3) % 6}, your team-mates seats {(seat + 2) % 6} and {(seat + 4) % 6}. "
               "Play runs 0→1→…→5 (counter-clockwise).")
    click.echo(HELP)

    def read(prompt: str) -> str:
        try:
            return str(click.prompt(prompt, prompt_suffix="", default="", show_default=False))
        except (EOFError, click.Abort):
            return "quit"

    bots = [HeuristicAgent() for _ in range(6)]
    if not play_game(game, seat, list(bots), read, click.echo, random.Random(seed)):
        click.echo("you left the game")
        return
    assert game.places is not None and game.score is not None
    names = game.place_names() or []
    click.echo("places: " + ", ".join(f"seat {s}{' (you)' if s == seat else ''} {names[s]}" for s in range(6)))
    click.echo(f"score: seats 0,2,4 {game.score[0]} — seats 1,3,5 {game.score[1]}")
    click.echo("tribute next game: " + "; ".join(tribute_text(game)))


# ── agreeing on house rules: diff, card, fingerprint ───────────────────────


def _print_diff(result: Diff, fmt: str, lang: str, provenance: bool) -> None:
    from rich.console import Console
    from rich.text import Text

    from .diff import render, render_text

    if fmt != "text":
        click.echo(render(result, cast("Format", fmt), cast("Lang", lang), provenance), nl=False)
        return
    console = Console(highlight=False, soft_wrap=True)
    for line, style in render_text(result, cast("Lang", lang), provenance):
        console.print(Text(line, style=style))


@main.command("diff")
@click.argument("first", metavar="A")
@click.argument("second", metavar="[B]", required=False)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the sentences saying what each difference changes.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each side's value.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--simulate", "games", type=int, metavar="N",
              help="Also self-play N seeded games under each ruleset and compare what players see.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the simulated matches.")
@click.option("--seed-b", type=int, help="Another seed for B's match (default: --seed, the same deals).")
@click.option("--agents", "spec", default="heuristic", show_default=True,
              help="Agents of the simulation: random, heuristic, or a comma list cycled over seats.")
@click.pass_context
def diff_command(ctx: click.Context, first: str, second: str | None, lang: str, provenance: bool, fmt: str,
                 as_json: bool, games: int | None, seed: int, seed_b: int | None, spec: str) -> None:
    """Compare two rulesets rule by rule, after 'extends'; with one, a house-rules file and what it extends.

    Exit 0 when the rules are the same, 1 when they differ, 2 on an error.
    """
    from .diff import NoBase, base_of, diff

    fmt = "json" if as_json else fmt
    a = _load(ctx, first)
    if second is None:
        try:
            a, b = base_of(a, _catalog(ctx)), a
        except NoBase as error:
            _fail(f"error: A: {error}", EXIT_USAGE)
        except RulesetError as error:
            _fail(error.render(), EXIT_USAGE)
    else:
        b = _load(ctx, second)
    result = diff(a, b)
    if games is None:
        _print_diff(result, fmt, lang, provenance)
        sys.exit(0 if result.same else EXIT_INVALID)
    behaviour = _simulate_both(a, b, games, (seed, seed if seed_b is None else seed_b), spec, fmt == "json")
    from . import behaviour as report
    from .diff import to_json

    if fmt == "json":
        click.echo(json.dumps({**to_json(result, provenance), "behaviour": behaviour.to_json()}, ensure_ascii=False,
                              indent=2))
    else:
        _print_diff(result, fmt, lang, provenance)
        click.echo("\n" + (report.render_markdown(behaviour) if fmt == "markdown" else report.render_text(behaviour)),
                   nl=False)
    sys.exit(0 if result.same else EXIT_INVALID)


def _simulate_both(a: Ruleset, b: Ruleset, games: int, seeds: tuple[int, int], spec: str,
                   quiet: bool) -> Behaviour:
    from rich.progress import Progress

    from .behaviour import behavioural_diff

    if games < 2:
        _fail(f"error: --simulate needs at least 2 games, got {games}", EXIT_USAGE)
    agents = _agents(spec)
    for ruleset in (a, b):
        _check_playable(ruleset, "--simulate: ")
    with Progress(transient=True, disable=quiet) as progress:
        task = progress.add_task(f"{a.id} / {b.id}: {games} games each", total=2 * games)
        return behavioural_diff(a, b, games, seeds, agents, lambda: progress.advance(task))


@main.command()
@click.argument("ruleset")
@click.option("--format", "fmt", type=click.Choice(["txt", "md", "html"]), default="txt", show_default=True)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file.")
@click.pass_context
def card(ctx: click.Context, ruleset: str, fmt: str, lang: str, output: Path | None) -> None:
    """A one-page rule card to agree on before dealing: name, fingerprint, departures from 大纲, the rest."""
    from .card import build, render
    from .compiler import BASE_ID

    loaded = _load(ctx, ruleset)
    text = render(build(loaded, _load(ctx, BASE_ID), cast("Lang", lang)), cast("CardFormat", fmt))
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        _fail(f"error: cannot write {output}: {error.strerror}", EXIT_USAGE)
    click.echo(f"wrote {output} ({loaded.id}, fingerprint {loaded.fingerprint})")


@main.command()
@click.argument("refs", nargs=-1, required=True, metavar="FILE...")
@click.pass_context
def fingerprint(ctx: click.Context, refs: tuple[str, ...]) -> None:
    """Print each ruleset's fingerprint: tables showing the same string play the same rules.

    FILE may also be an id, alias or name. Exit 0 when all compile, 2 when one does not or is not found
    (the others are still printed).
    """
    _compile_each(ctx, refs, EXIT_USAGE,
                  lambda ref, ruleset: click.echo(f"{ruleset.fingerprint}  {ref}  ({ruleset.id})"))
