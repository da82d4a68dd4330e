"""Resuming an interrupted run from its records file: the records are checked to be this run's (ruleset,
agents, and each game's seed as the run's seed deals it) and re-played, so that the matches written
whole count in the totals without being played again; the run goes on from the first match not wholly
written (:func:`.simulate.simulate_run`), and reaches the totals of a run never interrupted."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..records.files import read_records
from ..records.record import RecordError, replay
from ..ruleset.errors import GoujiError
from ..ruleset.model import Ruleset
from .parallel import CHUNK_GAMES, chunk_seed
from .simulate import Simulation


class ResumeError(GoujiError):
    """A records file that is not the start of the run asked for, or that cannot be re-played."""


@dataclass(frozen=True)
class Resumed:
    """What a records file holds of a run: its whole records, its whole matches and their totals."""

    games: int
    matches: int
    totals: Simulation


def resumed(path: Path, ruleset: Ruleset, games: int, seed: int, players: Sequence[str]) -> Resumed:
    """The records of ``path`` (whole lines only: a records writer drops an incomplete last one) checked
    against the run of ``games`` games seeded ``seed`` under ``ruleset`` by ``players``, and re-played."""
    totals = Simulation(agents=list(players))
    match = Simulation(agents=list(players))
    deals = random.Random(seed)
    count = matches = 0
    for count, entry in enumerate(read_records(path), 1):
        index, where = count - 1, f"{path}:{entry.line}"
        if index >= games:
            raise ResumeError(f"{path} holds more than the {games} games of this run (-n {games})")
        number, within = divmod(index, CHUNK_GAMES)
        if within == 0:
            deals = random.Random(chunk_seed(seed, number))  # as engine.match.Match deals a match's games
        if entry.error is not None:
            raise ResumeError(entry.error.render(where))
        _check(entry.record, ruleset, players, deals.getrandbits(32), f"{where}: game {count}")
        _count(match, entry.record, ruleset, where)
        if within == CHUNK_GAMES - 1 or index == games - 1:  # a whole match
            totals.add(match)
            matches += 1
            match = Simulation(agents=list(players))
    return Resumed(count, matches, totals)


def _check(record: Any, ruleset: Ruleset, players: Sequence[str], seed: int, where: str) -> None:
    """``record`` is the game this run plays there, or ResumeError saying what differs."""
    if not isinstance(record, dict):
        raise ResumeError(f"{where} is not a game record")
    headers = record.get("headers")
    found = {"ruleset fingerprint": record.get("fingerprint"), "seed": record.get("seed"),
             "players": headers.get("players") if isinstance(headers, dict) else None}
    wanted = {"ruleset fingerprint": ruleset.fingerprint, "seed": seed, "players": list(players)}
    for what, value in wanted.items():
        if found[what] != value:
            raise ResumeError(f"{where} is not this run's: its {what} is {found[what]!r}, this run's is {value!r} "
                              "(resume with the -r, -n, --seed and --agents of the interrupted run)")


def _count(match: Simulation, record: dict[str, Any], ruleset: Ruleset, where: str) -> None:
    """Re-play ``record`` and count it in ``match`` as simulate counts a game it plays."""
    try:
        replayed = replay(record)
    except RecordError as error:
        raise ResumeError(error.render(where)) from None
    game = replayed.game
    if not replayed.ok or game is None or game.places is None or game.score is None:
        raise ResumeError(f"{where}: the game does not re-play: it diverges at {replayed.divergence}")
    match.count(game, ruleset.rules.score)
    match.decisions += len(game.actions)
    match.totals = [match.totals[0] + game.score[0], match.totals[1] + game.score[1]]
