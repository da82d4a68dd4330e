"""A house rule for 烧牌 that no ruleset key says: a third-party ``burning`` component.

* 每人一烧: a seat may declare a burn (烧牌 or 反烧) at most once a game; after that it is not
  offered another.
* 解烧罚点: a burner whose burn is broken (解烧) gives up its 开点 for the game, as if it had
  never opened (where the ruleset plays 打点; elsewhere nothing changes).

It subclasses the built-in area class and overrides two of its named hooks; everything else
(priority, 诈烧, 压回, success) is the built-in behaviour. A ruleset names it, never its code::

    components:
      burning: strict-burning
"""

from __future__ import annotations

from gouji_variants.components.burning import BurningArea
from gouji_variants.components.notes import Note, Remark
from gouji_variants.components.table import Slot

__all__ = ["PENALTY", "StrictBurning"]

#: the note of 解烧罚点, in both languages (a component's own notes are Remarks)
PENALTY = Remark("解烧罚点", "the broken burner gives up 开点")


class StrictBurning(BurningArea):
    """每人一烧 and 解烧罚点 on top of the built-in burning."""

    SECTION = "burning"

    def offers(self, player: int, opposite: int) -> list[Slot]:
        """The built-in offers, less the seats that have burned this game."""
        burned = {record.burner for record in self.burns}
        return [slot for slot in super().offers(player, opposite) if slot[1] not in burned]

    def break_burn(self, notes: list[Note]) -> None:
        """解烧, and the burner's 开点 is given up."""
        burner = self.burner
        super().break_burn(notes)
        if burner is not None and self.rules.kaidian.enabled:
            self.table.kaidian.give_up(burner)
            notes.append(PENALTY)
