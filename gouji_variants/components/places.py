"""The ``places`` component: 头科 … 大落 from the going-out order, with the overrides for seats ranked
at once (诈烧, 窒息, 大小王不出手), stifled (闷) seats and revolutionaries."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import PLACE_NAMES, Places
from .deck import SEATS
from .turns import ORDER

THIRD, FOURTH = 2, 3


def assign(finished: list[int], bottom: list[int], revolutionaries: list[int], rule: Places,
           men: Sequence[int] = (), men_places: Sequence[int] = ()) -> list[int]:
    """Each seat's place index (0 头科 … 5 大落).

    ``finished`` is every other seat in the order it went out (the last one left in play
    last). ``bottom`` seats (诈烧, 窒息, 大小王不出手) take the bottom places in the order they
    were ranked (大落, 二落, …; 000:131). Stifled (``men``) seats then take, in order, the first
    of ``men_places`` still free (so 诈烧 ranks below 闷, 000:142), or the lowest free place
    once the list is used up.
    A revolutionary is 三科 when both team-mates take 头科 and 二科, else 四科 (第二十三条), or
    always 四科 (``revolution_place: fourth``); if that place is taken, the next free one below.
    """
    places = [-1] * SEATS
    free = list(range(SEATS))
    for index, seat in enumerate(bottom):
        places[seat] = SEATS - 1 - index
        free.remove(places[seat])
    for seat in men:
        wanted = [place for place in men_places if place in free]
        places[seat] = wanted[0] if wanted else free[-1]
        free.remove(places[seat])
    top_two = finished[:2]
    for seat in revolutionaries:
        mates_on_top = len(top_two) == 2 and all(other % 2 == seat % 2 for other in top_two)
        want = THIRD if rule.revolution_place == "third-or-fourth" and mates_on_top else FOURTH
        below = [place for place in free[len(top_two):] if place >= want]
        places[seat] = below[0] if below else free[-1]
        free.remove(places[seat])
    for seat, place in zip(finished, free, strict=False):
        places[seat] = place
    return places


def zhixi(rule: Places, first_out: int, in_play: Sequence[bool], played: Sequence[bool]) -> list[int]:
    """窒息 (003:58): when 头科 (``first_out``) goes out, every seat still in play that has never
    played a card, in play order after 头科; the game ranks them from the bottom at once in that
    order (大落, then 二落, …) and they play no more."""
    if not rule.zhixi:
        return []
    return [seat for seat in ORDER[first_out] if in_play[seat] and not played[seat]]


def names(places: list[int]) -> list[str]:
    return [PLACE_NAMES[place] for place in places]
