"""A seat's view: what a player is given to decide with, instead of the game.

A player (a bot, the terminal, a web table, a learning agent) gets a :class:`SeatView` from
:meth:`Game.view`: the seat's :class:`Observation` (its hand, the public history and what the
rules show it), the ruleset's rules (public), and its legal actions. The view holds copies only,
never the :class:`Game` nor another seat's hidden cards, so an agent cannot look at what its seat
may not know. Legal actions are worked out when asked (a lead lists every distinct combination;
:meth:`SeatView.sample_action` draws one without listing them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from operator import le
from typing import TYPE_CHECKING

from ..cards import Cards
from ..components import bie3
from ..components.plays import Play as Combo
from ..components.plays import classify
from ..components.table import Moves, Transfer
from ..rules import Rules
from .actions import Action, Burn, Play
from .moves import Counts, cards_of

__all__ = ["SeatView", "Transfer"]

if TYPE_CHECKING:
    from ..compiler import Ruleset
    from .game import Observation


@dataclass(frozen=True, eq=False)
class SeatView:
    """The decision of :attr:`seat`: its observation, the rules and its legal actions."""

    seat: int
    decision: str  # lead, follow, answer, burn-offer, return, revolution, hui3, yudian, mingdian …
    _observe: Callable[[], Observation] = field(repr=False)  # from copies, what the seat may see only
    rules: Rules = field(repr=False)
    _hand: Counts = field(repr=False)
    _moves: Moves = field(repr=False)
    _top: Combo | None = field(repr=False)
    _others: tuple[Action, ...] = field(repr=False)  # besides the plays: pass, yield, 挑牌, 问张数 …
    _listed: tuple[Action, ...] | None = field(repr=False)  # every legal action, when not plays
    #: the compiled ruleset (public: what the table agreed on), for players that model the game (search)
    ruleset: Ruleset = field(repr=False)

    @cached_property
    def observation(self) -> Observation:
        """What the seat may know (built when first asked for)."""
        return self._observe()

    @property
    def hand(self) -> Cards:
        return Cards.unchecked(self._hand)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in the order :meth:`Game.legal_actions` lists them."""
        return self._legal

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        if self._listed is not None:
            return self._listed
        return (*self._plays, *self._others)

    @cached_property
    def _plays(self) -> tuple[Play | Burn, ...]:
        if self._top is None:
            return tuple(Play(cards_of(counts)) for counts in self._moves.leads(self._hand))
        kind = Burn if self.decision == "burn-offer" else Play
        return tuple(kind(cards_of(counts)) for counts in self._moves.beating(self._hand, self._top))

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now (a lead is checked without listing every lead)."""
        if self._listed is not None or self._top is not None or action in self._others:
            return action in self._legal
        if not isinstance(action, Play) or not all(map(le, action.cards.counts, self._hand)):
            return False
        rules = self.rules
        return isinstance(classify(action.cards, rules.plays, rules.bie3), Combo) and not (
            rules.bie3.enabled and bie3.splits_threes(self._hand, action.cards.counts))

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly at random (the same draw as :meth:`Game.sample_action`)."""
        if self._listed is not None:
            return rng.choice(self._listed)
        if self._top is None:
            return Play(cards_of(self._moves.sample_lead(self._hand, rng)))
        beating = list(self._moves.beating(self._hand, self._top))
        pick = rng.randrange(len(beating) + len(self._others))
        if pick >= len(beating):
            return self._others[pick - len(beating)]
        cards = cards_of(beating[pick])
        return Burn(cards) if self.decision == "burn-offer" else Play(cards)
