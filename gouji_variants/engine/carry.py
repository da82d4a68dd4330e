"""What a game inherits from the previous one in a match."""

from __future__ import annotations

from dataclasses import dataclass

from ..components.tribute import BurnDue, Due


@dataclass(frozen=True)
class Carry:
    """What a game inherits from the previous one in a match."""

    places: tuple[int, ...] | None = None
    burns: tuple[BurnDue, ...] = ()
    leader: int | None = None  # None: the first-game procedure (first game, or 重新开牌), or a draw
    owed: tuple[Due, ...] = ()  # 点贡, 闷贡 and 憋王贡 worked out by the last game
    drawer: int | None = None  # with no leader: the 开牌人 who draws this game's leader (later_games draw)
