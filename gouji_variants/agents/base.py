"""What a player is: the :class:`Agent` protocol, and :class:`Advice` with the :class:`Adviser`
protocol for players that can say why (the bots of :mod:`.agents` and :mod:`.heuristic`, hints);
a :data:`Choice` is an action whose reason is worked out only when asked for."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from ..engine.actions import Action
from ..engine.agent import Agent
from ..engine.seat import SeatView
from ..ruleset.vocabulary import Label


@dataclass(frozen=True)
class Advice:
    """An agent's choice and why, in words a player reads, in Chinese and English ("keeps its jokers for
    the 够级 fight")."""

    action: Action
    reason: Label


#: An action and why (:class:`Advice`'s reason), the reason built only when called: the heuristic's
#: decisions, whose reasons the rollouts, simulations and bots' moves never read.
Choice: TypeAlias = tuple[Action, Callable[[], Label]]


class Adviser(Agent, Protocol):
    """An agent that can say why: :meth:`advise` returns the action :meth:`act` would take, with a reason."""

    def advise(self, view: SeatView, rng: random.Random) -> Advice: ...
