"""Hints: what a bot would do for a seat, and why, from that seat's view only; and the position of
a game record at a given action, for ``gouji hint RECORD MOVE``."""

from __future__ import annotations

import random

from ..engine.actions import describe
from ..engine.agent import Agent
from ..engine.game import Game
from ..engine.seat import SeatView
from ..ruleset.vocabulary import Label
from .base import Advice


def advise(agent: Agent, view: SeatView, rng: random.Random) -> Advice:
    """``agent``'s choice for ``view`` with its reason (a bot that gives none says so)."""
    advise_ = getattr(agent, "advise", None)
    if callable(advise_):
        advice = advise_(view, rng)
        assert isinstance(advice, Advice)
        return advice
    action = agent.act(view, rng)
    return Advice(action, Label(zh=f"{describe(action, 'zh')}是机器人的选择（它不说理由）",
                                en=f"{describe(action)} is the {agent.name} bot's choice (it gives no reasons)"))


def position(game: Game, move: int) -> Game:
    """``game`` played again from its start up to the decision of its action ``move`` (from 1): the
    same seed, given hands, carry and options, then its first ``move - 1`` actions. ValueError when
    ``move`` is not a decision of the game."""
    last = len(game.actions) + (0 if game.over else 1)
    if not 1 <= move <= last:
        raise ValueError(f"move {move} is not in this game: it has {last} decision{'s' * (last != 1)} "
                         f"(moves 1 to {last})")
    again = Game(game.ruleset, game.seed, hands=game.given_hands, leader=game.given_leader, carry=game.carry,
                 threes=game.given_threes, keep_hands=game.keep_hands, offers=game.offers)
    for _, action in game.actions[:move - 1]:
        again.apply(action)
    return again
