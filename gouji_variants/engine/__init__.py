"""The 够级 engine: complete games and matches under a compiled ruleset, and nothing else.

``Game`` plays one game (deal, 预点, tribute, 革命, 买3, 会3, 明点, then the rounds) and exposes
``legal_actions()``, ``verify()``, ``can()``, ``apply()``, ``observation()``, ``view()`` and
``clone()``; players act on a seat's view (:class:`SeatView`), never the game, through the
:class:`Agent` protocol; ``Match`` chains games. The bots are :mod:`gouji_variants.agents`,
records :mod:`gouji_variants.records`: importing the engine loads neither.
"""

from __future__ import annotations

from ..components.tribute import BurnDue, Due
from .actions import (
    ASK,
    DECLARE,
    JIEFENG,
    PASS,
    REVOLUTION,
    TIAOPAI,
    YIELD,
    Action,
    Ask,
    Burn,
    Declare,
    Hui3,
    IllegalAction,
    InvalidAction,
    Jiefeng,
    Pass,
    Play,
    Return,
    Revolution,
    Tiaopai,
    Yield,
)
from .agent import Agent, RandomAgent
from .events import Event
from .game import Carry, Game, Observation
from .match import Match, play_out
from .seat import SeatView, Transfer

__all__ = [
    "ASK", "DECLARE", "JIEFENG", "PASS", "REVOLUTION", "TIAOPAI", "YIELD", "Action", "Agent", "Ask", "Burn",
    "BurnDue", "Carry", "Declare", "Due", "Event", "Game", "Hui3", "IllegalAction", "InvalidAction", "Jiefeng",
    "Match", "Observation", "Pass", "Play", "RandomAgent", "Return", "Revolution", "SeatView", "Tiaopai",
    "Transfer", "Yield", "play_out",
]
