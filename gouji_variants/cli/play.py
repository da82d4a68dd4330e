"""Playing and advice: play, hint."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from ..agents.basic import DEFAULT_AGENTS
from .common import EXIT_INTERRUPTED, EXIT_USAGE, LANG, command, fail, load, ruleset_option
from .running import SEED, agent_named, bot_option, records_file
from .runs import replayed

if TYPE_CHECKING:
    from ..engine import Game
    from ..text.explain import Lang

#: ``gouji hint``'s bot: search with time for some 30 rollouts a candidate on the pure-Python engine (a
#: search answer resting on fewer than ``agents.search.FEW_WORLDS`` says it is too few to tell).
HINT_AGENT = "search:2s"
#: The most games of one ``play`` session.
MAX_PLAY_GAMES = 10_000

@command("hint", exits={
    0: "advised", 2: "RECORD or its game cannot be read or re-played, MOVE is not a decision of the "
                     "game, --agent is not a bot"})
@click.argument("file", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("move", type=int)
@click.option("--game", "number", type=click.IntRange(1), default=1, show_default=True,
              help="Which game of RECORD (one record per line).")
@bot_option("--agent", "spec", HINT_AGENT, "The bot that advises (search:5s thinks harder):")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the bot's own randomness.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The language of the table and the advice: English or Chinese.")
@click.pass_context
def hint(ctx: click.Context, file: Path, move: int, number: int, spec: str, seed: int, lang: str) -> None:
    """What a bot would do at action MOVE (from 1) of a game record, what that does and why: the record
    is re-played up to that decision and the seat to act is advised from what it may know there (the
    record names its ruleset); the table, the option and what it does come from that seat's scene."""
    import random

    from ..agents.hints import advise, position
    from ..scene import scene_of
    from ..terminal.effects import advised
    from ..terminal.menu import label
    from ..terminal.render import Words, scene_lines

    agent = agent_named(spec, "--agent")
    result, entry = replayed(ctx, file, number, "--game")
    game = result.game
    unfinished = game is not None and not game.over and len(game.actions) == len(entry.record["actions"])
    if game is None or not (result.ok or unfinished):
        fail(f"error: game {number} diverges at {result.divergence} ({file}:{entry.line})", EXIT_USAGE)
    try:
        here = position(game, move)
    except ValueError as error:
        fail(f"error: MOVE: game {number} of {file}: {error}", EXIT_USAGE)
    seat, words = here.turn, Words(cast("Lang", lang))
    ctx.meta[LANG] = lang
    found = scene_of(here, seat)
    click.echo(words(f"game {number} of {file}, move {move}: seat {seat} to act ({here.decision}), as seat {seat} "
                     "sees it", f"{file} 第{number}局第{move}步：{seat}号位行动，按{seat}号位所见"))
    for line in scene_lines(found, here.rules.burning, words):
        click.echo(line)
    advice = advise(agent, here.view(), random.Random(seed))
    click.echo(words(f"hint ({spec.strip()}): ", f"提示（{spec.strip()}）：") + advised(advice, found, words))
    click.echo(words("why: ", "理由：") + words.label(advice.reason))
    if move <= len(game.actions):
        click.echo(words("played in the record: ", "记录中的出牌：") + label(game.actions[move - 1][1], words))


@command("play", exits={
    0: "played (or left)", 2: "the --ruleset is unknown or does not compile, --hints is not a bot, "
                              "--record cannot be written",
    EXIT_INTERRUPTED: "Ctrl-C at a prompt or while the bots play (the finished games kept)"})
@ruleset_option()
@click.option("--seat", type=click.IntRange(0, 5), default=0, show_default=True, help="Your seat (0-5).")
@click.option("--seed", type=SEED, default=None, help="Seed of the match (random when omitted).")
@click.option("--games", type=click.IntRange(1, MAX_PLAY_GAMES), default=1, show_default=True,
              help="Games of the match: tribute, 还贡, the lead and the team score carry over.")
@click.option("--record", "record_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write each finished game's record to this file, one JSON object per line (for gouji replay).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The table's language: English or Chinese.")
@bot_option("--hints", "hints", DEFAULT_AGENTS,
            "The bot that answers 'hint' (with its reason) and 'auto' (search:300ms thinks harder):")
@bot_option("--bots", "bots", DEFAULT_AGENTS, "The five bots at the table (strong: the search, about 0.3 s a "
            "decision):")
@click.pass_context
def play(ctx: click.Context, ref: str, seat: int, seed: int | None, games: int, record_file: Path | None,
         lang: str, hints: str, bots: str) -> None:
    """Play a game or a match in the terminal against five bots (heuristic unless --bots; type 'help')."""
    import random

    from ..records.files import dumps
    from ..records.record import LANG_HEADER, game_record
    from ..terminal.play import Seat, session
    from ..terminal.render import Words, colour_wanted

    helper = agent_named(hints, "--hints")
    table = [agent_named(bots, "--bots") for _ in range(6)]
    players = ["human" if other == seat else bots.strip() for other in range(6)]
    ctx.meta[LANG] = lang
    ruleset = load(ctx, ref)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    words = Words(cast("Lang", lang), colour_wanted(sys.stdout.isatty()))
    out = records_file(record_file, "--record") if record_file else None

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:  # the end of input leaves the match (exit 0); Ctrl-C interrupts it (130, below)
            click.echo()
            return None


    def keep(game: Game) -> None:
        assert out is not None
        try:
            out.write(dumps(game_record(game, players=players, headers={LANG_HEADER: lang})) + "\n")
            out.flush()
        except OSError as error:
            fail(f"error: --record: cannot write {record_file}: {error.strerror}", EXIT_USAGE)

    human = Seat(seat, read, lambda line: click.echo(line, color=words.colour), words, random.Random(seed))
    try:
        session(ruleset, seed, games, human, keep if out else None, helper, table)
    except KeyboardInterrupt:  # Ctrl-C at a prompt or while the bots play: leave quietly, the finished games kept
        fail("\ninterrupted", EXIT_INTERRUPTED)
    finally:
        if out is not None:
            out.close()
