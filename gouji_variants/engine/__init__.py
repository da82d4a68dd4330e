"""The 够级 engine: complete games and matches under a compiled ruleset.

``Game`` plays one game (deal, 预点, tribute, 革命, 买3, 会3, 明点, then the rounds) and exposes
``legal_actions()``, ``verify()``, ``can()``, ``apply()``, ``observation()``, ``view()`` and
``clone()``; players act on a seat's view (``seat``), never the game; ``sample_world`` draws games
consistent with what a seat knows (``worlds``); ``Match`` chains games; ``record`` writes and
replays JSON game records.
"""

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
from .agents import Advice, Adviser, Agent, BasicAgent, HeuristicAgent, RandomAgent
from .events import Event
from .game import Carry, Game, Observation
from .match import Match, play_out
from .players import make_agents
from .search import SearchAgent
from .seat import SeatView, Transfer
from .support import NotSupported, check_supported
from .worlds import NoWorld, sample_world

__all__ = [
    "DECLARE", "PASS", "REVOLUTION", "YIELD", "Action", "Agent", "Burn", "Carry", "Declare", "Event", "Game",
    "BasicAgent", "HeuristicAgent", "Hui3",
    "IllegalAction", "Match", "NotSupported", "Observation", "Pass", "Play", "RandomAgent", "Return", "Revolution",
    "Yield", "check_supported", "make_agents", "play_out",
    "JIEFENG", "TIAOPAI", "Jiefeng", "Tiaopai", "ASK", "Ask", "InvalidAction", "BurnDue", "Due",
    "SeatView", "Transfer", "NoWorld", "sample_world", "Advice", "Adviser", "SearchAgent",
]
