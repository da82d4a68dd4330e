"""The 够级 engine: complete games and matches under a compiled ruleset.

``Game`` plays one game (deal, 预点, tribute, 革命, 买3, 会3, 明点, then the rounds) and exposes
``legal_actions()``, ``verify()``, ``can()``, ``apply()``, ``observation()`` and
``clone()``; ``Match`` chains games; ``record`` writes and replays JSON game records.
"""

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
    Event,
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
from .agents import Agent, HeuristicAgent, RandomAgent, make_agents
from .game import Carry, Game, Observation
from .match import Match, play_out
from .support import NotSupported, check_supported

__all__ = [
    "DECLARE", "PASS", "REVOLUTION", "YIELD", "Action", "Agent", "Burn", "Carry", "Declare", "Event", "Game",
    "HeuristicAgent", "Hui3",
    "IllegalAction", "Match", "NotSupported", "Observation", "Pass", "Play", "RandomAgent", "Return", "Revolution",
    "Yield", "check_supported", "make_agents", "play_out",
    "JIEFENG", "TIAOPAI", "Jiefeng", "Tiaopai", "ASK", "Ask", "InvalidAction",
]
