"""The ``revolution`` component: who may declare 革命, when it is automatic, when the game is void.

A 革命 leader hands the first lead to the 下家; a void game (流局) is redealt from the same
random stream, tribute included.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from ..ruleset.cards import JOKERS, THREE, TWO
from ..ruleset.rules import RevolutionRules
from .deck import SEATS
from .notes import Mark
from .table import REVOLT, Area, Slot


def eligible(hand: Sequence[int], rule: RevolutionRules) -> bool:
    """No 2s and no jokers (第二十三条); also no 3s when ``requires_no_threes`` (憋3)."""
    if not rule.enabled or hand[TWO] or any(hand[joker] for joker in JOKERS):
        return False
    return not (rule.requires_no_threes and hand[THREE])


def automatic(hand: Sequence[int], rule: RevolutionRules) -> bool:
    """With no 3s as well, 革命 is automatic when the ruleset says so (000:113)."""
    return eligible(hand, rule) and rule.automatic_without_threes and not hand[THREE]


def voids(declared: int, rule: RevolutionRules) -> bool:
    """Enough revolutionaries void the game, which is redealt (流局). Six always do, whatever ``void_at``
    says (a house value above 6 means "never" otherwise): nobody would be left to play the game."""
    return declared >= rule.void_at or declared >= SEATS


@mypyc_attr(allow_interpreted_subclasses=True)
class RevolutionArea(Area):
    """革命 before the first play: who may declare, automatic declarations, and whether the game is
    void (流局). Hooks: :meth:`offers`, :meth:`declare`, :meth:`voided`."""

    __slots__ = ()

    def offers(self) -> list[Slot]:
        """From the leader on: declares for a seat whose hand forces it; offers to the eligible."""
        table, rule = self.table, self.rules.revolution
        slots: list[Slot] = []
        for seat in table.from_leader():
            hand = table.hands[seat]
            if automatic(hand, rule):
                self.declare(seat)
                table.emit(seat, (Mark.REVOLUTION,))
            elif eligible(hand, rule):
                slots.append((REVOLT, seat))
        return slots

    def declare(self, seat: int) -> None:
        self.table.revolutionaries.append(seat)
        self.table.stats["revolutions"] += 1

    def voided(self) -> bool:
        """Whether the declarations void the game (流局: redeal)."""
        return voids(len(self.table.revolutionaries), self.rules.revolution)
