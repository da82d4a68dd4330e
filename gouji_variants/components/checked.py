"""The move generator of a game whose ``plays`` area is replaced, checked against its rules: the
plays the generator lists that the component's ``classify`` and (when beating) ``beats`` allow, so
that ``legal_actions()`` never lists a play that ``verify()`` refuses, whatever the component
replaces. A game under the built-in ``plays`` area uses the built-in generator as it is (nothing
checked on the hot path).

A component replacing ``classify`` or ``beats`` only gets the built-in generator, checked: what its
rules allow beyond the built-in ones is then never listed (nor offered, nor drawn), so a component
that allows more supplies a ``moves_for`` that generates it (docs/components.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..ruleset.cards import Cards
from ..ruleset.rules import Rules
from .draws import choice
from .moves import GROUPS_KEPT
from .plays import Combo, forbids
from .protocols import PlaysComponent
from .table import MoveGenerator
from .vectors import Counts

if TYPE_CHECKING:
    from .registry import Components

Group = tuple[Counts, ...]


def moves_of(components: Components, rules: Rules) -> MoveGenerator:
    """The move generator a game under ``rules`` consults: the ``plays`` component's, checked
    against its rules when the area is replaced (:class:`CheckedMoves`)."""
    policy = components.plays
    generator = policy.moves_for(rules.plays, rules.bie3.enabled)
    if "plays" in components.replaced:
        generator = CheckedMoves(generator, policy, rules)
    return ForbiddingMoves(generator, policy, rules) if rules.plays.forbidden else generator


class CheckedMoves:
    """``moves``' plays that ``policy`` allows under ``rules`` (the :class:`~.table.MoveGenerator` protocol).
    A group of plays is checked once and kept while ``moves`` keeps it (by identity, as the engine
    keeps the actions made of a group), a play's classification once per game."""

    def __init__(self, moves: MoveGenerator, policy: PlaysComponent, rules: Rules) -> None:
        self.moves = moves
        self.policy = policy
        self.rules = rules
        self._combos: dict[Counts, Combo | None] = {}  # what each play is under the policy (None: no play)
        self._groups: dict[tuple[int, int], tuple[Group, Combo | None, Group]] = {}  # (group, target) -> allowed

    def _combo(self, counts: Counts) -> Combo | None:
        if counts not in self._combos:
            if len(self._combos) >= GROUPS_KEPT:
                self._combos.clear()
            found = self.policy.classify(Cards(counts), self.rules.plays, self.rules.bie3)
            self._combos[counts] = found if isinstance(found, Combo) else None
        return self._combos[counts]

    def _allowed(self, counts: Counts, target: Combo | None) -> bool:
        combo = self._combo(counts)
        return combo is not None and (target is None or self.policy.beats(combo, target, self.rules.plays).ok)

    def _checked(self, groups: list[Group], target: Combo | None) -> list[Group]:
        """The allowed plays of each of ``groups`` (lead or beating ``target``), the empty groups left out."""
        found: list[Group] = []
        kept = self._groups
        for group in groups:
            key = (id(group), id(target))
            known = kept.get(key)
            if known is None or known[0] is not group or known[1] is not target:
                if len(kept) >= GROUPS_KEPT:  # bounded: start again rather than grow
                    kept.clear()
                known = kept[key] = group, target, tuple([play for play in group if self._allowed(play, target)])
            if known[2]:
                found.append(known[2])
        return found

    def lead_groups(self, hand: Sequence[int]) -> list[Group]:
        return self._checked(self.moves.lead_groups(hand), None)

    def beating_groups(self, hand: Sequence[int], top: Combo) -> list[Group]:
        return self._checked(self.moves.beating_groups(hand, top), top)

    def lead_list(self, hand: Sequence[int]) -> list[Counts]:
        return [play for group in self.lead_groups(hand) for play in group]

    def beating_list(self, hand: Sequence[int], top: Combo) -> list[Counts]:
        return [play for group in self.beating_groups(hand, top) for play in group]

    def leads(self, hand: Sequence[int]) -> Iterator[Counts]:
        return iter(self.lead_list(hand))

    def beating(self, hand: Sequence[int], top: Combo) -> Iterator[Counts]:
        return iter(self.beating_list(hand, top))

    def can_beat(self, hand: Sequence[int], top: Combo) -> bool:
        return self.moves.can_beat(hand, top) and bool(self.beating_groups(hand, top))

    def sample_lead(self, hand: Sequence[int], rng: random.Random) -> Counts:
        """A lead drawn uniformly from the allowed leads (listed: the policy is asked of each)."""
        leads = self.lead_list(hand)
        if not leads:
            raise stranded(hand)
        return choice(rng, leads)


class ForbiddingMoves(CheckedMoves):
    """``moves``' plays but those ``plays.forbidden`` forbids (a combination, or an answer): what
    ``verify`` refuses is never listed, offered or drawn. A group is checked once while ``moves`` keeps
    it: what a shape asks of the hand (``part of 4``) is of the play's base rank, which the group's
    holding fixes."""

    def __init__(self, moves: MoveGenerator, policy: PlaysComponent, rules: Rules) -> None:
        super().__init__(moves, policy, rules)
        self._hand: Sequence[int] = ()

    def _allowed(self, counts: Counts, target: Combo | None) -> bool:
        combo = self._combo(counts)
        return combo is not None and forbids(self.rules.plays, combo, list(self._hand), target) is None

    def lead_groups(self, hand: Sequence[int]) -> list[Group]:
        self._hand = hand
        return super().lead_groups(hand)

    def beating_groups(self, hand: Sequence[int], top: Combo) -> list[Group]:
        self._hand = hand
        return super().beating_groups(hand, top)


def stranded(hand: Sequence[int]) -> ValueError:
    """The error of a seat left without a legal lead by a replaced area's rules."""
    return ValueError(f"no legal lead from the hand {Cards(tuple(hand))}: the replaced rule areas refuse every "
                      "lead the move generator lists (a plays component allowing other plays supplies moves_for)")
