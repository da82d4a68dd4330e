"""The ``hui3`` component: 会3 before the first play (the leader may take every 3, every 4 or both
out of the game; 第二十七条)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from ..ruleset.cards import N_RANKS, Cards
from .table import HUI3, Area, Slot, Transfer

#: what each choice removes: rank indices (3 is 0, 4 is 1)
RANKS: Final = {"3": (0,), "4": (1,), "both": (0, 1)}


@mypyc_attr(allow_interpreted_subclasses=True)
class Hui3Area(Area):
    """Hooks: :meth:`offers` (the leader's offer), :meth:`remove` (the chosen ranks leave every hand)."""

    __slots__ = ()

    def offers(self) -> list[Slot]:
        return [(HUI3, self.table.leader)] if self.rules.hui3.choices else []

    def remove(self, which: str) -> None:
        table = self.table
        table.stats["hui3"] += 1
        ranks = RANKS[which]
        for seat, hand in enumerate(table.hands):
            removed = Cards.unchecked(tuple(hand[rank] if rank in ranks else 0 for rank in range(N_RANKS)))
            table.transfers.append(Transfer("hui3", seat, None, len(removed), removed))
            for rank in ranks:
                table.removed[rank] += hand[rank]
                hand[rank] = 0
