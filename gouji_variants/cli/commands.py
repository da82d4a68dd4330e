"""The ``gouji`` command line."""

from __future__ import annotations

import errno
import json
import os
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar, cast

import click
import yaml

from .. import ENGINE, __version__
from ..agents.basic import DEFAULT_AGENTS
from ..ruleset import schema
from ..ruleset.cards import Cards
from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_path
from ..ruleset.errors import RulesetError
from ..ruleset.grammar import NotationError
from ..ruleset.model import Ruleset
from ..ruleset.rules import SECTIONS
from ..ruleset.versions import RULESET_FORMAT

if TYPE_CHECKING:
    from rich.progress import Progress

    from ..engine import Agent, Game
    from ..records.files import Entry
    from ..records.record import Replay
    from ..runs.parallel import Backend
    from ..text.behaviour import Behaviour
    from ..text.card import Format as CardFormat
    from ..text.diff import Diff, Format
    from ..text.explain import Lang

#: The exit codes of every command (README, docs/untrusted-input.md): 0 yes / done; 1 the command ran and its
#: answer is no (validate: a file is invalid; judge: illegal; diff: the rules differ; check: an example fails;
#: replay: a game diverges); 2 the command could not do what was asked (bad arguments, an unknown ruleset, a
#: ruleset that does not compile where one is needed, a file that cannot be read or written).
EXIT_INVALID = 1
EXIT_USAGE = 2
T = TypeVar("T")
#: The most games per ruleset ``diff --simulate`` plays (it keeps each game's values).
MAX_DIFF_GAMES = 100_000


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


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of ruleset ids and aliases (files complete as files)."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or incomplete.endswith((".yaml", ".yml")):
        return [CompletionItem(incomplete, type="file")]
    extra = ctx.find_root().params.get("rulesets_dirs") or ()
    names = {name for entry in Catalog.default(extra).entries() for name in entry.names}
    return [CompletionItem(name) for name in sorted(names) if name.startswith(incomplete)]




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


class _Main(click.Group):
    """The ``gouji`` group: a failed write to standard output is an error message, not a traceback."""

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
                         "name_en": ruleset.name_en, "region": ruleset.region, "aliases": list(ruleset.aliases),
                         "fingerprint": ruleset.fingerprint, "path": str(entry.path)})
        except RulesetError as error:
            rows.append({"id": entry.id, "kind": "", "name_zh": "", "name_en": "", "region": "", "aliases": [],
                         "fingerprint": "invalid", "path": str(entry.path),
                         "error": error.diagnostics[0].render()})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from .listing import plain, table

    if sys.stdout.isatty():
        table(rows)
    else:
        click.echo(plain(rows), nl=False)


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
@click.argument("ruleset", shell_complete=_complete_ruleset)
@click.option("--resolved", is_flag=True, help="Show every rule after 'extends', not only the file's own.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each rule.")
@click.option("--format", "fmt", type=click.Choice(["yaml", "json"]), default="yaml", show_default=True)
@click.pass_context
def show(ctx: click.Context, ruleset: str, resolved: bool, provenance: bool, fmt: str) -> None:
    """Show a ruleset by id, alias, name such as 青岛, or path."""
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
@click.argument("refs", nargs=-1, metavar="RULESET|FILE...", shell_complete=_complete_ruleset)
@click.option("--all", "every", is_flag=True, help="Check every ruleset the catalogue lists.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: every example, its result and why.")
@click.pass_context
def check(ctx: click.Context, refs: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Run the examples of rulesets (by id, alias, name or path) and report the failing ones.

    Exit 0 when every example passes, 1 when one fails, 2 when a ruleset or an example is invalid.
    """
    from ..text.check import check as run

    catalog = _catalog(ctx)
    if every:
        refs = (*refs, *(str(entry.path) for entry in catalog.entries()))
    if not refs:
        _fail("error: name at least one ruleset or file, or use --all", EXIT_USAGE)
    report = run(refs, catalog)
    click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2) if as_json else report.render())
    sys.exit(report.exit_code)


class _Draft(click.Choice):  # type: ignore[type-arg]
    """The schema drafts; ``7`` (or ``007``) is read as ``07``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert("07" if str(value).lstrip("0") == "7" else value, param, ctx)


@main.command("schema")
@click.option("--draft", type=_Draft(["2020-12", "07"]), default="2020-12", show_default=True,
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
@click.option("--from", "base", default="dagang", show_default=True, help="The ruleset to build on.",
              shell_complete=_complete_ruleset)
@click.pass_context
def new(ctx: click.Context, file: Path, base: str) -> None:
    """Write a house-rules FILE that extends the --from ruleset, ready to edit."""
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
        f"format: {RULESET_FORMAT}",
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
    where = shlex.quote(str(file)) if str(file).isprintable() else repr(str(file))
    click.echo(f"wrote {where} (extends {parent.id}); edit it, then run: gouji validate {where}")


def _cards(text: str, what: str) -> Cards:
    try:
        return Cards.parse(text)
    except NotationError as error:
        _fail(f"error: {what} {text!r} is not card notation: {error.render()}", EXIT_USAGE)


@main.command()
@click.argument("play")
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.",
              shell_complete=_complete_ruleset)
@click.option("--on", "previous", metavar="PREV", help="The play to answer; without it PLAY is only classified.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the stable contract).")
@click.pass_context
def judge(ctx: click.Context, play: str, ref: str, previous: str | None, as_json: bool) -> None:
    """Referee one combination: is PLAY legal, 够级, and does it beat PREV?

    Exit 0 when legal (and beating, with --on), 1 when not, 2 for bad input.
    """
    from ..text.judge import BadPrevious
    from ..text.judge import judge as run

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
        for forfeit in result.forfeits:
            click.echo(f"  forfeit {forfeit}")
    sys.exit(0 if result.ok else EXIT_INVALID)




def _agents(spec: str) -> list[Agent]:
    """The agents ``--agents`` names, or exit 2."""
    from ..agents.registry import make_agents

    try:
        return make_agents(spec)
    except ValueError as error:
        _fail(f"error: --agents: {error}", EXIT_USAGE)


def _progress(quiet: bool) -> Progress:
    """A progress bar on stderr, only on a terminal: stdout keeps the report alone."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    return Progress(console=console, transient=True, disable=quiet or not console.is_terminal)


def _scale_options(command: Callable[..., None]) -> Callable[..., None]:
    """--workers, --backend and --scheduler: who plays the matches of a run (docs/engine.md)."""
    options = [
        click.option("--workers", type=int, metavar="N",
                     help="Worker processes (default: the cores available); the results do not depend on it."),
        click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="local: processes of this machine; dask: a Dask cluster (the [distributed] extra)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="With --backend dask: the scheduler (tcp://host:8786); without it a local cluster of "
                     "--workers processes is started."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _backend(workers: int | None, backend: str, scheduler: str | None) -> Backend:
    """The backend the options name, or exit 2."""
    from ..runs.parallel import Processes, available_cores, check_workers

    if workers is not None:
        try:
            check_workers(workers)
        except ValueError as error:
            _fail(f"error: --workers: {error}", EXIT_USAGE)
    if backend == "local":
        if scheduler is not None:
            _fail("error: --scheduler needs --backend dask", EXIT_USAGE)
        return Processes(workers or available_cores())
    if scheduler is not None and workers is not None:
        _fail("error: --workers sets the size of a local cluster; with --scheduler the cluster's own workers "
              "play", EXIT_USAGE)
    from ..runs.cluster import Dask

    return Dask(scheduler, workers or available_cores())


def _run_scaled(run: Callable[[], T]) -> T:
    """``run()``, with a failed worker or cluster and Ctrl-C as messages and exit codes, not tracebacks."""
    from ..runs.cluster import ClusterError
    from ..runs.parallel import WorkerError

    try:
        return run()
    except ClusterError as error:
        _fail(f"error: --backend dask: {error}", EXIT_USAGE)
    except WorkerError as error:
        _fail(f"error: {error}; --workers 1 plays it in this process and shows where it fails", EXIT_USAGE)
    except KeyboardInterrupt:  # the workers are stopped already (runs/parallel.py)
        _fail("\ninterrupted", 130)


def _records_file(path: Path, option: str = "--records") -> TextIO:
    """``path`` opened for writing records, checked before any game is played; or exit 2."""
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        _fail(f"error: {option}: cannot write {path}: {error.strerror}", EXIT_USAGE)


@main.command()
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.",
              shell_complete=_complete_ruleset)
@click.option("-n", "games", type=int, default=100, show_default=True, help="How many games (matches of 100).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run (its first match; the others are seeded from it).")
@click.option("--agents", "spec", default=DEFAULT_AGENTS, show_default=True,
              help="random, basic (the baseline) or heuristic (rule-aware: the default and the bot of gouji play), "
              "or a comma list of up to six cycled over seats 0-5 (heuristic,basic: team 0 heuristic).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every game record to this file, one JSON object per line (for gouji replay).")
@_scale_options
@click.pass_context
def simulate(ctx: click.Context, ref: str, games: int, seed: int, spec: str, as_json: bool,
             records: Path | None, workers: int | None, backend: str, scheduler: str | None) -> None:
    """Self-play N games (matches of 100, played by --workers processes): speed, team win rates, decisions
    per game and rule statistics."""
    from ..runs.simulate import report, simulate_run

    if games < 1:
        _fail(f"error: -n must be at least 1, got {games}", EXIT_USAGE)
    agents = _agents(spec)
    players = _backend(workers, backend, scheduler)
    ruleset = _load(ctx, ref)
    out = _records_file(records) if records else None

    def keep(line: str | None) -> None:
        """Write a record's line (None: finish the file); a failed write ends the run with exit 2."""
        assert out is not None
        try:
            out.write(line + "\n") if line is not None else out.close()
        except OSError as error:
            _fail(f"error: --records: cannot write {records}: {error.strerror}; the records written are "
                  "incomplete", EXIT_USAGE)

    with _progress(as_json) as progress:
        task = progress.add_task(f"{ruleset.id}: {games} games", total=games)
        result = _run_scaled(lambda: simulate_run(ruleset, games, seed, agents, players,
                                                  lambda n: progress.advance(task, n), keep if out else None))
    if out is not None:
        keep(None)
    if as_json:
        click.echo(json.dumps({"ruleset": ruleset.id, "fingerprint": ruleset.fingerprint, "seed": seed,
                               **result.to_json()}, ensure_ascii=False))
    else:
        click.echo(f"{ruleset.id} ({ruleset.fingerprint}), seed {seed}")
        click.echo(report(result))


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--show", "show_game", type=click.IntRange(1), is_flag=False, flag_value=1, default=None,
              metavar="[GAME]", help="Step through game GAME (default 1) instead: each play, burn and pass, "
              "places and tribute (the whole game at once when stdout is not a terminal).")
@click.option("--seat", type=click.IntRange(0, 5), default=None, help="With --show: the hands as this seat saw "
              "them (default: all hands).")
@click.option("--lang", type=click.Choice(["en", "zh"]), help="With --show: English or Chinese (default: the "
              "language the game was played in, when the record says it; else English).")
@click.pass_context
def replay(ctx: click.Context, file: Path, show_game: int | None, seat: int | None, lang: str | None) -> None:
    """Check and re-play game records (one JSON object per line, or one record) and report the first
    divergence of each, by the field that differs; with --show, step through one game.

    Exit 0 when every game re-plays exactly (or, with --show, the game was shown), 1 when one
    diverges, 2 when FILE or a record cannot be read (not JSON, refused by the record schema, a
    newer format, a ruleset that cannot be found) or GAME is not in it.
    """
    if show_game is None and (seat is not None or lang is not None):
        _fail("error: --seat and --lang go with --show", EXIT_USAGE)
    if show_game is not None:
        _show_record(ctx, file, show_game, seat, cast("Lang | None", lang))
        return
    from ..records.files import RecordFileError, read_records
    from ..records.record import RecordError
    from ..records.record import replay as run

    counts = {"ok": 0, "diverge": 0, "invalid": 0}
    try:
        for index, entry in enumerate(read_records(file), 1):
            where = f"{file}:{entry.line}"
            try:
                if entry.error is not None:
                    raise entry.error
                result = run(entry.record, _catalog(ctx))
            except RecordError as error:
                counts["invalid"] += 1
                click.echo(f"game {index}: cannot replay\n" + error.render(where), err=True)
                continue
            if result.ok and result.game is not None:
                counts["ok"] += 1
                click.echo(f"game {index}: ok — seed {entry.record['seed']}, {len(entry.record['actions'])} actions, "
                           f"places {' '.join(result.game.place_names() or [])}")
            else:
                counts["diverge"] += 1
                click.echo(f"game {index}: diverges at {result.divergence} ({where})")
    except RecordFileError as error:
        _fail(f"error: {error}", EXIT_USAGE)
    games = sum(counts.values())
    if not games:
        _fail(f"error: {file} holds no game records (it is empty or blank)", EXIT_USAGE)
    click.echo(f"{games} game{'s' * (games != 1)}: {counts['ok']} ok, {counts['diverge']} diverge, "
               f"{counts['invalid']} cannot be replayed")
    sys.exit(EXIT_USAGE if counts["invalid"] else EXIT_INVALID if counts["diverge"] else 0)


def _replayed(ctx: click.Context, file: Path, number: int, option: str) -> tuple[Replay, Entry]:
    """Game ``number`` of ``file`` (``option`` chose it) checked and re-played, and its entry; exit 2
    when the file or the record cannot be read or re-played."""
    from ..records.files import RecordFileError, read_record
    from ..records.record import RecordError
    from ..records.record import replay as run

    try:
        entry = read_record(file, number)
        if entry.error is not None:
            raise entry.error
        return run(entry.record, _catalog(ctx)), entry
    except RecordFileError as error:
        _fail(f"error: {option} {number}: {error}", EXIT_USAGE)
    except RecordError as error:
        _fail(f"error: game {number} cannot be replayed\n" + error.render(f"{file}:{entry.line}"), EXIT_USAGE)


def _show_record(ctx: click.Context, file: Path, number: int, seat: int | None, lang: Lang | None) -> None:
    """``replay --show``: re-play game ``number`` of ``file`` (checking it) and step through it, in
    ``lang`` (None: the record's language, else English)."""
    from ..records.record import played_in
    from ..terminal.render import Words, colour_wanted
    from ..terminal.replay import show

    result, entry = _replayed(ctx, file, number, "--show")
    if not result.ok or result.game is None:
        _fail(f"error: game {number} diverges at {result.divergence} ({file}:{entry.line})", EXIT_INVALID)
    terminal = sys.stdout.isatty() and sys.stdin.isatty()
    words = Words(lang or cast("Lang", played_in(entry.record) or "en"), colour_wanted(terminal))

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    show(result.game, seat, words, lambda line: click.echo(line, color=words.colour), read if terminal else None)


@main.command()
@click.argument("file", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("move", type=int)
@click.option("--game", "number", type=click.IntRange(1), default=1, show_default=True,
              help="Which game of RECORD (one record per line).")
@click.option("--agent", "spec", default="search", show_default=True,
              help="The bot that advises: search (100ms), search:500ms, search:40 (worlds), heuristic …")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bot's own randomness.")
@click.pass_context
def hint(ctx: click.Context, file: Path, move: int, number: int, spec: str, seed: int) -> None:
    """What a bot would do at action MOVE (from 1) of a game record, and why: the record is re-played
    up to that decision and the seat to act is advised from what it may know there.

    Exit 0 when advised, 2 when RECORD or the game cannot be read or re-played, MOVE is not a
    decision of the game, or --agent is not a bot.
    """
    import random

    from ..agents.hints import advise, position
    from ..agents.registry import make_agent
    from ..engine.actions import describe
    from ..terminal.render import Words, table

    try:
        agent = make_agent(spec)
    except ValueError as error:
        _fail(f"error: --agent: {error}", EXIT_USAGE)
    result, entry = _replayed(ctx, file, number, "--game")
    game = result.game
    unfinished = game is not None and not game.over and len(game.actions) == len(entry.record["actions"])
    if game is None or not (result.ok or unfinished):
        _fail(f"error: game {number} diverges at {result.divergence} ({file}:{entry.line})", EXIT_USAGE)
    try:
        here = position(game, move)
    except ValueError as error:
        _fail(f"error: MOVE: game {number} of {file}: {error}", EXIT_USAGE)
    seat, words = here.turn, Words()
    click.echo(f"game {number} of {file}, move {move}: seat {seat} to act ({here.decision}), as seat {seat} sees it")
    for line in table(here, seat, words):
        click.echo(line)
    advice = advise(agent, here.view(), random.Random(seed))
    click.echo(f"hint ({spec.strip()}): {describe(advice.action)}")
    click.echo(f"why: {advice.reason.en}")
    if move <= len(game.actions):
        click.echo(f"played in the record: {describe(game.actions[move - 1][1])}")


@main.command()
@click.option("--ruleset", "-r", "ref", default="dagang", show_default=True, help="Ruleset id, alias, name or path.",
              shell_complete=_complete_ruleset)
@click.option("--seat", type=click.IntRange(0, 5), default=0, show_default=True, help="Your seat (0-5).")
@click.option("--seed", type=int, default=None, help="Seed of the match (random when omitted).")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True,
              help="Games of the match: tribute, 还贡, the lead and the team score carry over.")
@click.option("--record", "record_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write each finished game's record to this file, one JSON object per line (for gouji replay).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The table's language: English or Chinese.")
@click.option("--hints", "hints", default=DEFAULT_AGENTS, show_default=True,
              help="The bot that answers 'hint' (with its reason) and 'auto': e.g. search:300ms thinks harder.")
@click.pass_context
def play(ctx: click.Context, ref: str, seat: int, seed: int | None, games: int, record_file: Path | None,
         lang: str, hints: str) -> None:
    """Play a game or a match in the terminal against five heuristic bots (type 'help')."""
    import random

    from ..agents.registry import make_agent
    from ..records.files import dumps
    from ..records.record import LANG_HEADER, game_record
    from ..terminal.play import Seat, session
    from ..terminal.render import Words, colour_wanted

    try:
        helper = make_agent(hints)
    except ValueError as error:
        _fail(f"error: --hints: {error}", EXIT_USAGE)
    ruleset = _load(ctx, ref)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    words = Words(cast("Lang", lang), colour_wanted(sys.stdout.isatty()))
    out = _records_file(record_file, "--record") if record_file else None

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            click.echo()
            return None

    players = ["human" if other == seat else "heuristic" for other in range(6)]

    def keep(game: Game) -> None:
        assert out is not None
        try:
            out.write(dumps(game_record(game, players=players, headers={LANG_HEADER: lang})) + "\n")
            out.flush()
        except OSError as error:
            _fail(f"error: --record: cannot write {record_file}: {error.strerror}", EXIT_USAGE)

    human = Seat(seat, read, lambda line: click.echo(line, color=words.colour), words, random.Random(seed))
    try:
        session(ruleset, seed, games, human, keep if out else None, helper)
    except KeyboardInterrupt:  # Ctrl-C while the bots play: leave quietly, the finished games kept
        _fail("\ninterrupted", 130)
    finally:
        if out is not None:
            out.close()


# ── agreeing on house rules: diff, card, fingerprint ───────────────────────


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


@main.command("diff")
@click.argument("first", metavar="A", shell_complete=_complete_ruleset)
@click.argument("second", metavar="[B]", required=False, shell_complete=_complete_ruleset)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the sentences saying what each difference changes.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each side's value.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--simulate", "games", type=int, metavar="N",
              help="Also self-play N seeded games under each ruleset and compare what players see.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the simulated matches.")
@click.option("--seed-b", type=int, help="Another seed for B's match (default: --seed, the same deals).")
@click.option("--agents", "spec", default=DEFAULT_AGENTS, show_default=True,
              help="Agents of the simulation, as for gouji simulate: random, basic or heuristic (rule-aware, the "
              "default), or a comma list of up to six cycled over seats.")
@_scale_options
@click.pass_context
def diff_command(ctx: click.Context, first: str, second: str | None, lang: str, provenance: bool, fmt: str,
                 as_json: bool, games: int | None, seed: int, seed_b: int | None, spec: str, workers: int | None,
                 backend: str, scheduler: str | None) -> None:
    """Compare two rulesets rule by rule, after 'extends'; with one, a house-rules file and what it extends.

    Exit 0 when the rules are the same, 1 when they differ, 2 on an error.
    """
    from ..text.diff import NoBase, base_of, diff

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
        if workers is not None or backend != "local" or scheduler is not None:
            _fail("error: --workers, --backend and --scheduler go with --simulate", EXIT_USAGE)
        _print_diff(result, fmt, lang, provenance)
        sys.exit(0 if result.same else EXIT_INVALID)
    players = _backend(workers, backend, scheduler)
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

    if games < 2:
        _fail(f"error: --simulate needs at least 2 games, got {games}", EXIT_USAGE)
    if games > MAX_DIFF_GAMES:  # every game's values are kept for the statistics
        _fail(f"error: --simulate takes at most {MAX_DIFF_GAMES} games per ruleset, got {games}", EXIT_USAGE)
    agents = _agents(spec)
    with _progress(quiet) as progress:
        task = progress.add_task(f"{a.id} / {b.id}: {games} games each", total=2 * games)
        return _run_scaled(lambda: behavioural_diff(a, b, games, seeds, agents, lambda n: progress.advance(task, n),
                                                    players))


@main.command()
@click.argument("ruleset", shell_complete=_complete_ruleset)
@click.option("--format", "fmt", type=click.Choice(["txt", "md", "html"]), default="txt", show_default=True)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file.")
@click.pass_context
def card(ctx: click.Context, ruleset: str, fmt: str, lang: str, output: Path | None) -> None:
    """A one-page rule card to agree on before dealing: name, fingerprint, departures from 大纲, the rest."""
    from ..ruleset.compiler import BASE_ID
    from ..text.card import build, render

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
@click.argument("refs", nargs=-1, required=True, metavar="FILE...", shell_complete=_complete_ruleset)
@click.pass_context
def fingerprint(ctx: click.Context, refs: tuple[str, ...]) -> None:
    """Print each ruleset's fingerprint: tables showing the same string play the same rules.

    FILE may also be an id, alias or name. Exit 0 when all compile, 2 when one does not or is not found
    (the others are still printed).
    """
    _compile_each(ctx, refs, EXIT_USAGE,
                  lambda ref, ruleset: click.echo(f"{ruleset.fingerprint}  {ref}  ({ruleset.id})"))
