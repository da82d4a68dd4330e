"""Self-play and game records: simulate, replay."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from .common import EXIT_INVALID, EXIT_USAGE, catalog_of, command, fail, load, ruleset_option
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
    from ..records.files import Entry
    from ..records.record import Replay
    from ..runs.simulate import Simulation
    from ..text.explain import Lang

#: The most games of one ``simulate`` run: ten billion matches of 100.
MAX_GAMES = 10**12


@command("simulate", exits={
    0: "simulated", 2: f"the --ruleset is unknown or does not compile, a bad -n (1 to 10^12) or --seed (0 "
                       f"to 2^64 - 1), {RUN_FAILS}, --records cannot be written (a full disk; another run writing it), "
                       "--resume records not of this run", **RUN_STOPPED})
@ruleset_option()
@click.option("-n", "games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True,
              help="How many games (matches of 100).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the run (its first match; the others are seeded from it).")
@agents_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every game record to this file as it ends, one JSON object per line (for gouji replay).")
@click.option("--resume", is_flag=True, help="Go on with the interrupted run whose --records these are (same -r, "
              "-n, --seed, --agents): the totals are those of a run never interrupted.")
@scale_options
@click.pass_context
def simulate(ctx: click.Context, ref: str, games: int, seed: int, spec: str, as_json: bool, records: Path | None,
             resume: bool, workers: int | None, backend: str, scheduler: str | None, retries: int) -> None:
    """Self-play N games (matches of 100, played by --workers processes): speed, team win rates, decisions
    per game and rule statistics. Ctrl-C, SIGTERM and SIGHUP stop the run, keeping every game finished
    in order in --records (--resume goes on)."""
    from ..records.files import RecordFileError, RecordWriter
    from ..runs.resume import resumed
    from ..runs.simulate import report, simulate_run

    if resume and records is None:
        fail("error: --resume goes with --records (the file of the interrupted run)", EXIT_USAGE)
    agents = agents_named(spec)
    players = backend_named(workers, backend, scheduler, retries)
    ruleset = load(ctx, ref)
    try:
        out = RecordWriter(records, keep=resume) if records is not None else None
    except RecordFileError as error:
        fail(f"error: --records: {error}", EXIT_USAGE)

    def kept() -> str:
        return "" if out is None else f": the games finished in order are in {records} (--resume goes on)"

    def run() -> Simulation:
        done = resumed(records, ruleset, games, seed, [a.name for a in agents]) if resume and records else None
        with progress_bar(as_json) as progress:
            task = progress.add_task(f"{ruleset.id}: {games} games", total=games,
                                     completed=0 if done is None else done.totals.games)
            return simulate_run(ruleset, games, seed, agents, players, lambda n: progress.advance(task, n),
                                out.write if out else None, done)

    try:
        result = run_scaled(run, kept)
    finally:
        if out is not None:
            out.close()
    if as_json:
        click.echo(json.dumps({"ruleset": ruleset.id, "fingerprint": ruleset.fingerprint, "seed": seed,
                               **result.to_json()}, ensure_ascii=False))
    else:
        click.echo(f"{ruleset.id} ({ruleset.fingerprint}), seed {seed}")
        click.echo(report(result))


@command("replay", exits={0: "every game re-plays exactly (or, with --show, the game was shown)", 1: "a game diverges",
                2: "FILE or a record cannot be read (not JSON, refused by the record schema, a newer format, an "
                "unknown ruleset), GAME is not in it"})
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
    divergence of each, by the field that differs; with --show, step through one game. Each record
    names its ruleset."""
    if show_game is None and (seat is not None or lang is not None):
        fail("error: --seat and --lang go with --show", EXIT_USAGE)
    if show_game is not None:
        _show_record(ctx, file, show_game, seat, cast("Lang | None", lang))
        return
    from ..records.files import RecordFileError, RulesetNotRecords, read_records
    from ..records.record import RecordError
    from ..records.record import replay as run

    counts = {"ok": 0, "diverge": 0, "invalid": 0}
    try:
        for index, entry in enumerate(read_records(file), 1):
            where = f"{file}:{entry.line}"
            try:
                if entry.error is not None:
                    raise entry.error
                result = run(entry.record, catalog_of(ctx))
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
    except RulesetNotRecords as error:
        fail(f"error: {error}\n  hint: check a ruleset with: gouji validate {shlex.quote(str(file))}", EXIT_USAGE)
    except RecordFileError as error:
        fail(f"error: {error}", EXIT_USAGE)
    games = sum(counts.values())
    if not games:
        fail(f"error: {file} holds no game records (it is empty or blank)", EXIT_USAGE)
    click.echo(f"{games} game{'s' * (games != 1)}: {counts['ok']} ok, {counts['diverge']} diverge, "
               f"{counts['invalid']} cannot be replayed")
    sys.exit(EXIT_USAGE if counts["invalid"] else EXIT_INVALID if counts["diverge"] else 0)


def replayed(ctx: click.Context, file: Path, number: int, option: str) -> tuple[Replay, Entry]:
    """Game ``number`` of ``file`` (``option`` chose it) checked and re-played, and its entry; exit 2
    when the file or the record cannot be read or re-played."""
    from ..records.files import RecordFileError, read_record
    from ..records.record import RecordError
    from ..records.record import replay as run

    try:
        entry = read_record(file, number)
        if entry.error is not None:
            raise entry.error
        return run(entry.record, catalog_of(ctx)), entry
    except RecordFileError as error:
        fail(f"error: {option} {number}: {error}", EXIT_USAGE)
    except RecordError as error:
        fail(f"error: game {number} cannot be replayed\n" + error.render(f"{file}:{entry.line}"), EXIT_USAGE)


def _show_record(ctx: click.Context, file: Path, number: int, seat: int | None, lang: Lang | None) -> None:
    """``replay --show``: re-play game ``number`` of ``file`` (checking it) and step through it, in
    ``lang`` (None: the record's language, else English)."""
    from ..records.record import played_in
    from ..terminal.render import Words, colour_wanted
    from ..terminal.replay import show

    result, entry = replayed(ctx, file, number, "--show")
    if not result.ok or result.game is None:
        fail(f"error: game {number} diverges at {result.divergence} ({file}:{entry.line})", EXIT_INVALID)
    terminal = sys.stdout.isatty() and sys.stdin.isatty()
    words = Words(lang or cast("Lang", played_in(entry.record) or "en"), colour_wanted(terminal))

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    show(result.game, seat, words, lambda line: click.echo(line, color=words.colour), read if terminal else None)
