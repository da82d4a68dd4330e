"""Self-play: games as one match (tribute and lead carried), or a longer run cut into matches, with timing
and rule statistics."""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..agents.basic import Agent
from ..components import score
from ..engine.game import Game
from ..engine.match import Match, play_out
from ..records.files import dumps
from ..records.record import game_record
from ..ruleset.model import Ruleset
from ..ruleset.rules import Score
from ..ruleset.vocabulary import STATISTIC_NAMES, STATISTICS
from .parallel import Backend, Chunk, InProcess, Progress, cut
from .stopping import uninterrupted

if TYPE_CHECKING:
    from .resume import Resumed


@dataclass
class Simulation:
    """Totals of a self-play run."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=lambda: [0, 0, 0])  # team 0, team 1, ties
    totals: list[int] = field(default_factory=lambda: [0, 0])
    stats: Counter[str] = field(default_factory=Counter)
    agents: list[str] = field(default_factory=list)
    #: the statistics counted against each seat (闷, 诈烧, 开点 failures, …: ``Game.seat_stats``)
    seat_stats: list[Counter[str]] = field(default_factory=lambda: [Counter() for _ in range(6)])

    def to_json(self) -> dict[str, Any]:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "decisions_per_second": round(self.decisions / self.seconds) if self.seconds else None,
            "mean_decisions_per_game": round(self.decisions / games, 1),
            "agents": self.agents,
            "team_win_rate": [round(self.wins[0] / games, 4), round(self.wins[1] / games, 4)],
            "ties": self.wins[2],
            "team_score": self.totals,
            "stats": {key: self.stats.get(key, 0) for key in STATISTIC_NAMES},
        }

    def add(self, other: Simulation) -> None:
        """Count another run's games in (the matches of a longer run, merged in order)."""
        self.games += other.games
        self.decisions += other.decisions
        self.wins = [mine + theirs for mine, theirs in zip(self.wins, other.wins, strict=True)]
        self.totals = [mine + theirs for mine, theirs in zip(self.totals, other.totals, strict=True)]
        self.stats.update(other.stats)
        for mine, theirs in zip(self.seat_stats, other.seat_stats, strict=True):
            mine.update(theirs)

    def count(self, game: Game, rule: Score) -> None:
        """Count a finished ``game`` in: its winner under ``rule``, its statistics and each seat's."""
        assert game.places is not None
        winner = score.winner(game.places, rule)
        self.wins[2 if winner is None else winner] += 1
        self.games += 1
        self.stats.update(game.stats)
        for mine, counted in zip(self.seat_stats, game.seat_stats, strict=True):
            mine.update(counted)


def simulate(ruleset: Ruleset, games: int, seed: int, agents: Sequence[Agent],
             progress: Callable[[], None] | None = None,
             keep: Callable[[dict[str, Any]], None] | None = None) -> Simulation:
    """Play ``games`` games of one match; ``keep`` receives each game record when given."""
    match = Match(ruleset, seed)
    rng = random.Random(seed)
    result = Simulation(agents=[agent.name for agent in agents])
    start = time.perf_counter()
    for _ in range(games):
        game = match.new_game()
        result.decisions += play_out(game, agents, rng)
        match.record(game)
        result.count(game, ruleset.rules.score)
        if keep is not None:
            keep(game_record(game, players=[agent.name for agent in agents]))
        match.games.clear()  # keep memory flat over long runs
        if progress is not None:
            progress()
    result.seconds = time.perf_counter() - start
    result.totals = list(match.totals)
    return result


@dataclass(frozen=True)
class Work:
    """What every match of a run shares: the ruleset, the agents, and whether records are kept."""

    ruleset: Ruleset
    agents: tuple[Agent, ...]
    records: bool


def play_chunk(work: Work, chunk: Chunk, step: Callable[[Any], None]) -> Simulation:
    """One match of a run, with its own copy of the agents; ``step`` receives each game's record as a line
    of JSON when records are kept (None otherwise) as the game ends."""
    keep = (lambda record: step(dumps(record))) if work.records else None
    return simulate(work.ruleset, chunk.games, chunk.seed, copy.deepcopy(work.agents),
                    None if work.records else lambda: step(None), keep)


def simulate_run(ruleset: Ruleset, games: int, seed: int, agents: Sequence[Agent], backend: Backend | None = None,
                 progress: Progress | None = None, write: Callable[[str], None] | None = None,
                 done: Resumed | None = None) -> Simulation:
    """``games`` games cut into matches (:mod:`.parallel`), played by ``backend`` (this process by default)
    and merged in order: the same totals and records whatever plays them. ``write`` receives each game
    record as one line of JSON, in order, as soon as every game before it is written (a stop signal waits
    for the line to be written). A run ``done`` in part (:mod:`.resume`) goes on from its first match not
    wholly written; the games of that match written already are played again, not written again."""
    result = Simulation(agents=[agent.name for agent in agents])
    skip = 0
    if done is not None:
        result.add(done.totals)
        skip = done.games - done.totals.games
    start = time.perf_counter()
    work = Work(ruleset, tuple(agents), write is not None)

    def each(line: str | None) -> None:
        nonlocal skip
        if skip:
            skip -= 1
        elif write is not None and line is not None:
            with uninterrupted():
                write(line)

    chunks = cut(games, seed, first=0 if done is None else done.matches)
    with closing((backend or InProcess()).run(play_chunk, work, chunks, progress, each)) as parts:
        for part in parts:  # a failed write stops the workers at once (closing)
            result.add(part)
    result.seconds = time.perf_counter() - start
    return result


def report(result: Simulation) -> str:
    """A readable summary."""
    data = result.to_json()
    lines = [
        f"{result.games} games in {result.seconds:.2f} s: {data['games_per_second']} games/s, "
        f"{data['decisions_per_second']} decisions/s, {data['mean_decisions_per_game']} decisions per game",
        f"agents by seat: {', '.join(result.agents)}",
        f"team win rate: seats 0,2,4 {data['team_win_rate'][0]:.1%}, seats 1,3,5 {data['team_win_rate'][1]:.1%}"
        f" (ties {result.wins[2]})",
        f"team score (winner records the difference): {result.totals[0]} : {result.totals[1]}",
        "rule statistics:",
    ]
    lines += [f"{'    ' if stat.detail_of else '  '}{stat.label.en}: {result.stats.get(stat.name, 0)}"
              for stat in STATISTICS]
    return "\n".join(lines)
