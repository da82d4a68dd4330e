"""A seat's view: what a player is given to decide with, instead of the game.

A player (a bot, the terminal, a web table, a learning agent) gets a :class:`SeatView` from
:meth:`Game.view`: the seat's :class:`Observation` (its hand, the public history and what the
rules show it), the ruleset's rules (public), and its legal actions. The view holds copies and
public values only, never the :class:`Game` nor another seat's hidden cards, so an agent cannot look
at what its seat may not know. (The public lists the observation reads are taken as they are and
copied by :meth:`Game.apply` before it changes them, only for a view still held: an agent that
samples copies nothing.) Legal actions are worked out when asked (a lead lists every distinct combination;
:meth:`SeatView.sample_action` draws one without listing them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from functools import partial
from operator import le

from ..components import bie3
from ..components.draws import below, choice
from ..components.plays import Combo, Verdict, forbids
from ..components.table import MoveGenerator, Transfer
from ..components.vectors import Counts
from ..ruleset.cards import Cards
from ..ruleset.model import Ruleset
from ..ruleset.rules import Bie3, Plays, Rules
from .actions import Action, Burn, Play
from .interned import burn_of, burns_of, play_of, plays_of_groups
from .observing import Observation, frozen, glance

__all__ = ["Classify", "SeatView", "Snapshot", "Transfer", "Vouched"]

#: the ``classify`` of a game's ``plays`` area (``components.protocols.PlaysComponent``)
Classify = Callable[[Cards, Plays, Bie3], Combo | Verdict]


class Vouched:
    """What the game may apply without checking it again at one decision: the action last drawn
    (``sample_action``) and the legal actions listed (as an immutable tuple) by the game or a view."""

    def __init__(self) -> None:
        self.drawn: Action | None = None
        self.listed: tuple[Action, ...] = ()

    def vouches_for(self, action: Action) -> bool:
        """Whether ``action`` is the very object drawn or listed (an equal object is checked as usual)."""
        if action is self.drawn:
            return True
        for listed in self.listed:  # (a loop: compiled, cheaper than any(map(is_, …)))
            if listed is action:
                return True
        return False


class Snapshot:
    """A view's observation to be: its snapshot (:func:`.observing.observing`), taken live, which the
    game freezes (copies what it reads) before it changes the table, while the view is held and has
    not built its observation (``pending``). The game keeps the snapshots of a decision's views,
    not the views: a view let go is freed at once, and its snapshot is no longer pending."""

    def __init__(self, observe: partial[Observation]) -> None:
        self.observe = observe
        self.pending = True

    def freeze(self) -> None:
        if self.pending:
            self.observe = frozen(self.observe)
            self.pending = False


class SeatView:
    """The decision of :attr:`seat`: its observation, the rules and its legal actions. Made by
    :meth:`Game.view` (a compiled class under the compiled core: a view is made at every decision)."""

    __slots__ = ("seat", "decision", "rules", "ruleset", "_snapshot", "_observation", "_hand", "_moves",
                 "_classify", "_top", "_others", "_listed", "_legal", "_vouched")

    seat: int
    decision: str  # lead, follow, answer, burn-offer, return, revolution, hui3, yudian, mingdian …
    rules: Rules
    #: the compiled ruleset (public: what the table agreed on), for players that model the game (search)
    ruleset: Ruleset
    _snapshot: Snapshot  # what the seat may see only
    _observation: Observation | None
    _hand: Counts
    _moves: MoveGenerator
    _classify: Classify  # the game's plays area's (a lead is checked without listing every lead)
    _top: Combo | None
    _others: tuple[Action, ...]  # besides the plays: pass, yield, 挑牌, 问张数 …
    _listed: tuple[Action, ...] | None  # every legal action, when not plays (or a lead a replaced area rules)
    _legal: tuple[Action, ...] | None  # the plays and the others, once listed
    _vouched: Vouched  # what this decision drew and listed, for the game

    def __init__(self, seat: int, decision: str, snapshot: Snapshot, rules: Rules, hand: Counts,
                 moves: MoveGenerator, classify: Classify, top: Combo | None, others: tuple[Action, ...],
                 listed: tuple[Action, ...] | None, vouched: Vouched, ruleset: Ruleset) -> None:
        # immutable: written through object (compiled: each a field written directly)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "decision", decision)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "_snapshot", snapshot)
        object.__setattr__(self, "_observation", None)
        object.__setattr__(self, "_hand", hand)
        object.__setattr__(self, "_moves", moves)
        object.__setattr__(self, "_classify", classify)
        object.__setattr__(self, "_top", top)
        object.__setattr__(self, "_others", others)
        object.__setattr__(self, "_listed", listed)
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_vouched", vouched)

    def __repr__(self) -> str:
        return f"SeatView(seat={self.seat!r}, decision={self.decision!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")  # (the view writes through object)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __del__(self) -> None:
        self._snapshot.pending = False  # nobody can build the observation now: nothing to freeze

    @property
    def observation(self) -> Observation:
        """What the seat may know (built when first asked for)."""
        found = self._observation
        if found is None:
            snapshot = self._snapshot
            found = snapshot.observe()
            object.__setattr__(self, "_observation", found)
            snapshot.pending = False
        return found

    @property
    def hand(self) -> Cards:
        return Cards.unchecked(self._hand)

    @property
    def top(self) -> Cards | None:
        """The play on the table (the observation's ``top``, read without building the observation)."""
        return glance(self._snapshot.observe)[0]

    @property
    def top_seat(self) -> int | None:
        """Whose play is on the table (the observation's ``top_seat``, read without building it)."""
        return glance(self._snapshot.observe)[1]

    @property
    def burner(self) -> int | None:
        """The seat burning (烧牌) now, if any (the observation's ``burner``, read without building it)."""
        return glance(self._snapshot.observe)[2]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in the order :meth:`Game.legal_actions` lists them (listed when first
        asked for, and kept)."""
        if self._listed is not None:
            return self._listed
        found = self._legal
        if found is None:
            if self._top is None:
                plays: tuple[Action, ...] = plays_of_groups(self._moves.lead_groups(self._hand))
            elif self.decision == "burn-offer":
                plays = burns_of(self._moves.beating_list(self._hand, self._top))
            else:
                plays = plays_of_groups(self._moves.beating_groups(self._hand, self._top))
            found = self._vouched.listed = plays + self._others  # applied unchecked
            object.__setattr__(self, "_legal", found)
        return found

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now (a lead is checked without listing every lead)."""
        if self._top is not None and self._listed is None and not isinstance(action, (Play, Burn)):
            return action in self._others  # (pass, yield …: the plays are not listed to tell)
        if self._listed is not None or self._top is not None or action in self._others:
            return action in self.legal_actions()
        if not isinstance(action, Play) or not all(map(le, action.cards.counts, self._hand)):
            return False
        rules = self.rules  # (the 3s rule is the built-in area's here: a replaced one's leads are listed)
        found = self._classify(action.cards, rules.plays, rules.bie3)
        return isinstance(found, Combo) and not (
            rules.plays.forbidden and forbids(rules.plays, found, self._hand, None) is not None) and not (
            rules.bie3.enabled and bie3.splits_threes(self._hand, action.cards.counts))

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly at random (the same draw as :meth:`Game.sample_action`)."""
        drawn = self._draw(rng)
        self._vouched.drawn = drawn  # the game applies it without checking it again
        return drawn

    def _draw(self, rng: random.Random) -> Action:
        listed = self._listed
        if listed is not None:  # (a lead listed: its plays, not what else the seat may do)
            return choice(rng, listed[:len(listed) - len(self._others)])
        if self._top is None:
            return play_of(self._moves.sample_lead(self._hand, rng))
        beating = self._moves.beating_list(self._hand, self._top)
        pick = below(rng, len(beating) + len(self._others))
        if pick >= len(beating):
            return self._others[pick - len(beating)]
        return burn_of(beating[pick]) if self.decision == "burn-offer" else play_of(beating[pick])
