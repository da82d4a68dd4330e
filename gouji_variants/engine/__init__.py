"""The 够级 engine: complete games and matches under a compiled ruleset, and nothing else.

``Game`` plays one game (deal, 预点, tribute, 革命, 买3, 会3, 明点, then the rounds) and exposes
``legal_actions()``, ``verify()``, ``can()``, ``apply()``, ``observation()``, ``view()`` and
``clone()``; players act on a seat's view (:class:`SeatView`), never the game, through the
:class:`Agent` protocol; ``Match`` chains games. The bots are :mod:`gouji_variants.agents`,
records :mod:`gouji_variants.records`: importing the engine loads neither.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

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

#: names 0.2.0 exported here that are the bots' now: importable from here for one release, with a warning
_BOTS = {"Advice": "base", "Adviser": "base", "BasicAgent": "basic", "HeuristicAgent": "heuristic",
         "SearchAgent": "search", "NoWorld": "worlds", "sample_world": "worlds", "make_agents": "registry"}


def __getattr__(name: str) -> Any:
    if name not in _BOTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    new = f"gouji_variants.agents.{_BOTS[name]}"
    warnings.warn(f"gouji_variants.engine.{name} moved to {new}.{name} in 0.3.0; the old name goes in 0.4.0",
                  DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(new), name)
