"""One episode of the environments: a game, or a match of games, stepped by action index.

Both environments (the PettingZoo one, :mod:`.aec`, and the single-seat Gymnasium one, :mod:`.single`)
drive a :class:`Session`: it loads the ruleset as the CLI does, deals from the episode's seed (so a
seed reproduces the whole episode), turns action indices into engine actions (a 还贡 card by card),
and builds each seat's observation vector and action mask from the seat's view only.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import repeat
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..components.deck import SEATS
from ..engine import Action, Game, Match, Return, SeatView
from ..ruleset.cards import N_RANKS, Cards
from ..ruleset.compiler import load_ruleset
from ..ruleset.errors import RulesetError
from ..ruleset.model import Ruleset
from . import observations
from .actions import ActionEncoding, Family

Reward = Literal["team", "place"]
REWARDS: tuple[Reward, ...] = ("team", "place")
Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


class EnvError(ValueError):
    """An environment argument that cannot be used (a ruleset the CLI would refuse, an unknown bot …)."""


def load(ruleset: str | Ruleset) -> Ruleset:
    """The ruleset by id, alias, name or path (as the CLI takes it), one the engine can play."""
    if isinstance(ruleset, str):
        try:
            ruleset = load_ruleset(ruleset)
        except RulesetError as error:
            raise EnvError(error.render()) from None
    if not isinstance(ruleset, Ruleset):
        raise EnvError(f"ruleset= takes a ruleset id, alias, name or path, not {type(ruleset).__name__}")
    return ruleset


def check_options(games: int, reward: str) -> None:
    if type(games) is not int or games < 1:
        raise EnvError(f"games= is the number of games per episode (a match when more than 1), at least 1, "
                       f"not {games!r}")
    if reward not in REWARDS:
        raise EnvError(f"reward= is one of {', '.join(REWARDS)}, not {reward!r}")


class Session:
    """An episode: ``games`` games of a match under ``ruleset`` (tribute and lead carried between them)."""

    def __init__(self, ruleset: Ruleset, games: int = 1, reward: Reward = "team",
                 family: Family | None = None) -> None:
        check_options(games, reward)
        self.ruleset, self.rules = ruleset, ruleset.rules
        self.family = family or Family.of(ruleset)
        if not self.family.fits(ruleset):
            raise EnvError(f"the deck of {ruleset.id} does not fit the deck family {self.family}")
        self.encoding = ActionEncoding(self.family)
        self.games, self.reward = games, reward
        self.match = Match(ruleset, 0)
        self.game = self.match.new_game()
        self.played = 0  # games finished this episode
        self.last_score: tuple[int, int] | None = None  # of the last game finished
        self.picked = [0] * N_RANKS  # the 还贡 in progress: cards chosen so far
        self._picking = False  # whether any card is picked
        self._view: SeatView | None = None
        self._indices: list[int] | None = None  # the legal indices of the view kept, in the engine's order
        self._actions: tuple[Action, ...] = ()  # the engine actions they stand for (no 还贡 step)

    def reset(self, seed: int) -> None:
        self.match = Match(self.ruleset, seed)
        self.game = self.match.new_game()
        self.played, self.last_score = 0, None
        self.picked, self._picking = [0] * N_RANKS, False
        self._view = self._indices = None

    @property
    def over(self) -> bool:
        return self.played >= self.games

    @property
    def turn(self) -> int:
        return self.game.turn

    def view(self) -> SeatView:
        """The view of the seat to act (kept until the next step)."""
        if self._view is None:
            self._view = self.game.view()
        return self._view

    def _legal(self) -> list[int]:
        """The legal indices of the seat to act, worked out once per decision (the engine lists its
        actions once; a 还贡 step from the hand and the cards already picked)."""
        if self._indices is not None:
            return self._indices
        if self.played >= self.games:
            self._indices = []
            return self._indices
        view = self._view if self._view is not None else self.view()
        if view.decision == "return":
            hand, picked = view.hand.counts, self.picked
            self._indices = [ActionEncoding.return_index(rank) for rank in range(N_RANKS) if hand[rank] > picked[rank]]
            self._actions = ()
        else:
            self._actions = view.legal_actions()
            self._indices = self.encoding.indices(self._actions)
        return self._indices

    def mask(self) -> Mask:
        """1 for each legal action index of the seat to act (a new array at each call: the caller may keep it)."""
        found = bytearray(self.encoding.size)
        deque(map(found.__setitem__, self._indices if self._indices is not None else self._legal(), repeat(1)), 0)
        return np.frombuffer(found, np.int8)

    def legal_indices(self) -> list[int]:
        """The legal action indices of the seat to act, in the engine's order (the mask's ones)."""
        return list(self._legal())

    def observe(self, seat: int) -> Vector:
        """``seat``'s observation vector (from what the seat may know only)."""
        if self.played >= self.games or seat != self.game.turn:
            return observations.encode(self.game.observation(seat), self.rules)
        view = self._view if self._view is not None else self.view()
        return observations.encode(view.observation, self.rules, self.picked if self._picking else None)

    def legal(self, index: int) -> bool:
        return index in (self._indices if self._indices is not None else self._legal())

    def step(self, index: int) -> list[float] | None:
        """Apply action ``index`` of the seat to act; each seat's reward when a game ends, else None.
        Raises :class:`ValueError` for an index not in the mask."""
        view = self.view()
        legal = self._indices if self._indices is not None else self._legal()
        if index not in legal:
            raise ValueError(f"action {index} is not legal for seat {view.seat} now ({view.decision}); "
                             f"pick one whose action_mask entry is 1")
        if view.decision != "return":  # the listed action itself (a Play, or a Burn in a burn offer)
            return self.apply(self._actions[legal.index(index)])
        self._indices = None
        rank = self.encoding.action(index)
        assert isinstance(rank, int)
        self.picked[rank] += 1
        self._picking = True
        owed = len(view.legal_actions()[0].cards)  # type: ignore[union-attr]  # every listed action is a Return
        if sum(self.picked) < owed:
            return None
        found, self.picked, self._picking = Return(Cards(tuple(self.picked))), [0] * N_RANKS, False
        return self.apply(found)

    def apply(self, action: Action) -> list[float] | None:
        """Apply a legal engine action of the seat to act (a bot's); each seat's reward when a game ends."""
        self._view = self._indices = None
        self.game.apply(action)
        if not self.game.over:
            return None
        rewards = self.rewards(self.game)
        self.last_score = self.game.score
        self.match.record(self.game)
        self.match.games.clear()
        self.played += 1
        if not self.over:
            self.game = self.match.new_game()
        return rewards

    def rewards(self, game: Game) -> list[float]:
        """Each seat's reward for a finished game: its team's recorded score minus the other team's
        (``team``), or the points of its own place (``place``)."""
        assert game.score is not None and game.places is not None
        if self.reward == "place":
            return [float(self.rules.score.points[place]) for place in game.places]
        score = game.score
        return [float(score[seat % 2] - score[1 - seat % 2]) for seat in range(SEATS)]

    def bounds(self) -> tuple[float, float]:
        """The least and most reward a game can give (for the spaces and the illegal-action reward)."""
        points: Sequence[int] = self.rules.score.points
        most = 2.0 * sum(abs(p) for p in points)  # 满贯 doubles at most
        return -most, most
