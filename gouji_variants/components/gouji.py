"""The ``gouji`` component: which plays are 够级 (only the 对头 may answer them)."""

from __future__ import annotations

from ..ruleset.rules import Gouji
from .plays import Combo


def is_gouji(play: Combo, gouji: Gouji) -> bool:
    if (play.big or play.top) and gouji.joker_plays == "big-joker-open":  # a 王中王 play counts with 大王's
        return False
    return play.has_jokers or gouji.thresholds.is_gouji(play.base, play.size)


def is_pure_gouji(play: Combo, gouji: Gouji) -> bool:
    """纯够级牌: 够级 without 2s or jokers (000:127)."""
    return not play.twos and not play.has_jokers and is_gouji(play, gouji)
