"""gouji-variants: 够级 (Gouji) rules as data — rulesets, notation and a referee.

The names a user needs are here (:data:`__all__`); each loads its module on first use, so
``import gouji_variants.engine`` still loads no bot, text, YAML or JSON Schema. Load a ruleset,
deal a game, list a seat's legal actions and apply one::

    >>> from gouji_variants import Game, Pass, load_ruleset
    >>> ruleset = load_ruleset("qingdao")          # by id, alias, Chinese name or path
    >>> ruleset.name_en, ruleset.fingerprint
    ('Qingdao', 'c6a5-acd2-b042')
    >>> game = Game(ruleset, seed=1)
    >>> game.turn, game.legal_actions()
    (0, [Pass(), Hui3(which='3'), Hui3(which='4'), Hui3(which='both')])
    >>> game.apply(Pass())                         # seat 0 declines 会3
    Event(seat=0, action=Pass(), notes=(Mark(text='no 会3'),), forced=False, private=False)
    >>> game.legal_actions()[:3]                   # now it leads
    [Play('3'), Play('33'), Play('333')]

Play a match of three games with six random players::

    >>> import random
    >>> from gouji_variants import Match, RandomAgent
    >>> match = Match(ruleset, seed=7)
    >>> games = match.play([RandomAgent()] * 6, 3, random.Random(7))
    >>> games[0].places, match.totals               # seats by place (头科 first), team scores
    ([0, 2, 4, 1, 3, 5], [8, 12])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .enginecore import select

if TYPE_CHECKING:
    from .engine.actions import (
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
    from .engine.agent import Agent, RandomAgent
    from .engine.events import Event
    from .engine.game import Game, Observation
    from .engine.match import Match
    from .engine.seat import SeatView
    from .ruleset.cards import Cards
    from .ruleset.compiler import load_ruleset
    from .ruleset.errors import RulesetError
    from .ruleset.model import Ruleset

__version__ = "0.5.0"
ENGINE = select()  # "compiled" or "pure" (GOUJI_ENGINE; docs/compiled-core.md)

__all__ = [
    "Action", "Agent", "Ask", "Burn", "Cards", "Declare", "Event", "Game", "Hui3", "IllegalAction", "InvalidAction",
    "Jiefeng", "Match", "Observation", "Pass", "Play", "RandomAgent", "Return", "Revolution", "Ruleset",
    "RulesetError", "SeatView", "Tiaopai", "Yield", "load_ruleset",
]

#: each public name -> the module (under the package) it is defined in, imported on first use
_HOMES = {
    **dict.fromkeys(("Action", "Ask", "Burn", "Declare", "Hui3", "IllegalAction", "InvalidAction", "Jiefeng",
                     "Pass", "Play", "Return", "Revolution", "Tiaopai", "Yield"), "engine.actions"),
    "Agent": "engine.agent", "RandomAgent": "engine.agent", "Event": "engine.events", "Game": "engine.game",
    "Observation": "engine.game", "Match": "engine.match", "SeatView": "engine.seat", "Cards": "ruleset.cards",
    "load_ruleset": "ruleset.compiler", "RulesetError": "ruleset.errors", "Ruleset": "ruleset.model",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for (PEP 562)."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
