"""The fixed, factored action encoding of a deck family: an action index for every engine action.

A *deck family* is the most cards of each kind a play can hold: natural cards of one rank (3 … A),
2s, 小王, 大王 and 王中王 (:class:`Family`). Every ruleset whose deck fits the family shares the
encoding, so one network serves all of them. The index space (docs/env.md lists it):

- ``0`` … ``SPECIALS - 1``: pass, yield, 接风, 挑牌, 问张数, 革命, 宣点, 会3 (3, 4, both);
- then one index per rank for 还贡: a 还贡 of *n* cards is *n* steps, each giving one card of a
  rank (the environment hands the engine the whole :class:`Return` once *n* are chosen);
- then the plays, mixed radix over (natural rank and count, 2s, 小王, 大王, 王中王): a play is
  ``PLAYS + (((natural × (T+1) + twos) × (S+1) + small) × (G+1) + big) × (W+1) + top`` where
  ``natural`` is 0 for none, else ``1 + rank × N + count - 1``. In a burn offer the same index is the
  burn (:class:`Burn`) with those cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..components.vectors import cards_of
from ..engine.actions import HUI3_CHOICES, SIMPLE_ACTIONS, Action, Burn, Hui3, Play, Return, describe
from ..ruleset.cards import ACE, BIG_JOKER, N_RANKS, RANK_SYMBOLS, SMALL_JOKER, TOP_JOKER, TWO
from ..ruleset.model import Ruleset

NATURAL_RANKS = ACE + 1  # 3 … A: the ranks a play is built on (2s and jokers are attached, or alone)
#: the actions without cards (in the vocabulary's order), then each 会3
SPECIAL_ACTIONS: tuple[tuple[str, Action], ...] = (
    *SIMPLE_ACTIONS.items(), *((describe(Hui3(which)), Hui3(which)) for which in HUI3_CHOICES))
SPECIALS = len(SPECIAL_ACTIONS)
RETURNS = SPECIALS  # first 还贡 index: one per rank
PLAYS = RETURNS + N_RANKS  # first play index
_KEPT = 1 << 16  # action objects remembered by identity (then forgotten, to bound the memory)
_SPECIAL_INDEX = {action: index for index, (_, action) in enumerate(SPECIAL_ACTIONS)}


@dataclass(frozen=True)
class Family:
    """The most cards a play of this deck family holds: ``naturals`` of one rank (3 … A), ``twos``,
    ``small`` 小王, ``big`` 大王, ``top`` 王中王."""

    naturals: int
    twos: int
    small: int
    big: int
    top: int

    @classmethod
    def of(cls, ruleset: Ruleset) -> Family:
        """The family of ``ruleset``'s deck: its decks' standard counts (4 of a rank, one joker of each
        kind per deck), widened where the recipe adds cards; the ruleset must fit it."""
        recipe = ruleset.rules.deck.recipe
        counts, decks = recipe.cards().counts, recipe.decks
        return cls(max(4 * decks, *counts[:NATURAL_RANKS]), max(4 * decks, counts[TWO]),
                   max(decks, counts[SMALL_JOKER]), max(decks, counts[BIG_JOKER]), counts[TOP_JOKER])

    def fits(self, ruleset: Ruleset) -> bool:
        counts = ruleset.rules.deck.recipe.cards().counts
        return max(counts[:NATURAL_RANKS]) <= self.naturals and counts[TWO] <= self.twos and \
            counts[SMALL_JOKER] <= self.small and counts[BIG_JOKER] <= self.big and counts[TOP_JOKER] <= self.top

    def __str__(self) -> str:
        return f"{self.naturals}×rank, {self.twos}×2, {self.small}×B, {self.big}×R, {self.top}×W"


class ActionEncoding:
    """Action indices of one deck family: :meth:`index` of an engine action, :meth:`action` of an index."""

    def __init__(self, family: Family) -> None:
        self.family = family
        self.radix = (NATURAL_RANKS * family.naturals + 1, family.twos + 1, family.small + 1, family.big + 1,
                      family.top + 1)
        size = 1
        for radix in self.radix:
            size *= radix
        self.size = PLAYS + size  # the number of action indices
        self._known: dict[tuple[int, ...], int] = {}  # play index by rank counts (plays repeat)
        self._by_id: dict[int, int] = {}  # index by the id of an action object in _kept
        self._kept: list[Action] = []  # the action objects of _by_id (kept alive: their ids stay theirs)

    def play_index(self, counts: tuple[int, ...]) -> int:
        """The index of a play (or burn) with these rank counts."""
        found = self._known.get(counts)
        if found is None:
            found = self._known[counts] = self._play_index(counts)
        return found

    def _play_index(self, counts: tuple[int, ...]) -> int:
        family = self.family
        natural = next((rank for rank in range(NATURAL_RANKS) if counts[rank]), None)
        slot = 0 if natural is None else 1 + natural * family.naturals + counts[natural] - 1
        _, twos, small, big, top = self.radix
        return PLAYS + (((slot * twos + counts[TWO]) * small + counts[SMALL_JOKER]) * big
                        + counts[BIG_JOKER]) * top + counts[TOP_JOKER]

    def play_counts(self, index: int) -> tuple[int, ...] | None:
        """The rank counts of play index ``index`` (None for the empty play, index ``PLAYS``)."""
        rest = index - PLAYS
        _, twos, small, big, top = self.radix
        rest, w = divmod(rest, top)
        rest, g = divmod(rest, big)
        rest, s = divmod(rest, small)
        slot, t = divmod(rest, twos)
        counts = [0] * N_RANKS
        if slot:
            rank, count = divmod(slot - 1, self.family.naturals)
            counts[rank] = count + 1
        counts[TWO] += t
        counts[SMALL_JOKER], counts[BIG_JOKER], counts[TOP_JOKER] = s, g, w
        return tuple(counts) if any(counts) else None

    def index(self, action: Action) -> int:
        """The index of ``action`` (a :class:`Return` has none: it is given card by card, :meth:`return_index`)."""
        if isinstance(action, (Play, Burn)):
            return self.play_index(action.cards.counts)
        if isinstance(action, Return):
            raise ValueError("a 还贡 is encoded card by card: see ActionEncoding.return_index")
        return _SPECIAL_INDEX[action]

    @staticmethod
    def return_index(rank: int) -> int:
        """The index of giving back one card of ``rank`` in a 还贡."""
        return RETURNS + rank

    def action(self, index: int, burn_offer: bool = False) -> Action | int:
        """The engine action of ``index``: an :class:`Action`, or for a 还贡 step the rank (an int) of
        the card given back. ``burn_offer``: a play index is then a :class:`Burn`."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0 … {self.size - 1}")
        if index < SPECIALS:
            return SPECIAL_ACTIONS[index][1]
        if index < PLAYS:
            return index - RETURNS
        counts = self.play_counts(index)
        if counts is None:
            raise ValueError(f"action index {index} is the empty play, never legal")
        cards = cards_of(counts)
        return Burn(cards) if burn_offer else Play(cards)

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """The indices of ``actions`` (none for a :class:`Return`). The engine shares its action
        objects, so each is looked up by identity (every object looked up is kept, so its id stays
        its own until the table is cleared; then it is looked up again)."""
        try:
            return list(map(self._by_id.__getitem__, map(id, actions)))
        except KeyError:
            return self._learn(actions)

    def _learn(self, actions: Sequence[Action]) -> list[int]:
        """:meth:`indices`, entering the action objects not yet known."""
        known, kept, found = self._by_id, self._kept, []
        for action in actions:
            if isinstance(action, Return):
                continue
            index = known.get(id(action))
            if index is None:
                if len(kept) >= _KEPT:
                    known.clear()
                    kept.clear()
                index = known[id(action)] = self.index(action)
                kept.append(action)
            found.append(index)
        return found

    def name(self, index: int) -> str:
        """A short name for an index: ``pass``, ``return 5``, ``play 888B`` …"""
        found = self.action(index)
        if isinstance(found, int):
            return f"return {RANK_SYMBOLS[found]}"
        if isinstance(found, Play):
            return f"play {found.cards}"
        return SPECIAL_ACTIONS[index][0]

