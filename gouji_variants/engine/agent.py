"""What a player is to the engine: the :class:`Agent` protocol, and :class:`RandomAgent`, the
uniformly random player whose draws the game makes itself (:func:`.match.play_out`).

The bots live in :mod:`gouji_variants.agents`; the engine knows only this protocol.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import Action
from .seat import SeatView


class Agent(Protocol):
    """A player: given what its seat may know, it returns one of the legal actions."""

    name: str

    def act(self, view: SeatView, rng: random.Random) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions (leads drawn without listing them).

    >>> import random
    >>> from gouji_variants import Game, load_ruleset
    >>> game = Game(load_ruleset("qingdao"), seed=1)
    >>> action = RandomAgent().act(game.view(), random.Random(2))
    >>> game.can(action)
    True
    """

    name = "random"

    def act(self, view: SeatView, rng: random.Random) -> Action:
        return view.sample_action(rng)
